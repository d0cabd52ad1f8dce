"""Texture and sampler members of class instances called through an interface (SM5 dynamic linkage).

The rules, from their definitions:

* D3D11.3 §22.7.20: the four components of a ``this[]`` register are the instance's constant buffer, its
  base vector in it, its base texture index and its base sampler index; §7.19.7.2's complex example reads a
  class's texture as ``t[this.z]`` and its sampler as ``s[this.w]`` (fxc's dxilconv ``interface1.dxbc``:
  ``sample_indexable(texture2d)… t[r0.z + 0], s[r0.w + 0]``). The k-th texture member of a class (base class
  members first, as the class layout puts ``$super`` first) is therefore ``t[this.z + k]``, samplers alike.
* The IFCE class-type row counts a class's textures and samplers (interface1's listing: 1 and 1); an
  instance row gives its first t#/s# ("-" when it has none), and an instance array's element i adds i times
  the class's counts (what GetClassInstance(name, i) hands out as this[].z / .w).
* ID3D11ClassLinkage::CreateClassInstance(type, cb, vector, texture, sampler) names the bases explicitly.
* "HLSL errors and warnings" X3090: no writable textures or UAVs in a compound type with interface
  inheritance (interface1.hlsl keeps its RWStructuredBuffer member commented out: "not allowed").

Expected pixels are worked out from the sources below: texture i holds the texel (i + 1, 0, 0, 1) and
sampler j returns the border colour (0, 0, j + 1, 0) outside [0, 1] (BORDER addressing), so a pixel names
the texture and sampler registers a body read."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.dxbc.ifce import NO_SLOT, parse_ifce

F32 = np.float32

SRC = """
interface IShade { float4 shade(); };
class cFlat : IShade { float4 k; float4 shade() { return k; } };
class cTex : IShade {
    float4 w; SamplerState smp; Texture2D<float4> a; Texture2D<float4> b;
    float4 shade() {
        return float4(a.Sample(smp, float2(0.5, 0.5)).x, b.Sample(smp, float2(0.25, 0.75)).x,
                      a.SampleLevel(smp, float2(3, 3), 0).z, w.x);
    }
};
class cDer : cTex {
    Texture2D<float4> c;
    float4 shade() {
        uint wd, ht;
        c.GetDimensions(wd, ht);
        return float4(c.Load(int3(0, 0, 0)).x, a.Sample(smp, float2(0.5, 0.5)).x * 10 + wd,
                      c.SampleLevel(smp, float2(-2, 3), 0).z, w.y);
    }
};
class cArr : IShade {
    SamplerState smp; Texture2D<float4> t[3]; float4 w;
    float4 shade() { return float4(t[2].Sample(smp, float2(0.5, 0.5)).x, t[0].Load(int3(0, 0, 0)).x,
                                   t[1].SampleLevel(smp, float2(3, -1), 0).z, w.z); }
};
Texture2D g_first : register(t1);
cbuffer cbInst : register(b1) { cTex g_tex; cDer g_der; cFlat g_flat; cTex g_arr[2]; };
cbuffer cbMore : register(b2) { cArr g_tarr; };
IShade g_shade;
IShade g_shades[3];
uint g_i;
float4 PSOne() : SV_Target { return g_shade.shade() + g_first.Load(int3(0, 0, 0)).x * 1000; }
float4 PSDyn() : SV_Target { return g_shades[g_i].shade(); }
"""
# cbInst: g_tex.w (vector 0), g_der ($super.w at vector 1), g_flat.k (2), g_arr[0].w (3), g_arr[1].w (4)
CB1 = np.array([7, 0, 0, 0, 8, 9, 0, 0, 5, 6, 7, 8, 11, 0, 0, 0, 12, 0, 0, 0], F32)
#: the registers the allocation gives: each instance's (instance array's) objects of one set are one block, at the
#: lowest free range; g_first holds t1, so g_tex's two textures take t2-t3 (t0 alone is too small), g_der's three
#: t4-t6, g_arr's four t7-t10 (textures in declaration order). Samplers go by block size, the largest first: g_arr's
#: two s0-s1, then g_tex s2, g_der s3 -- d3dcompiler_47 10.1 under Wine, session 39 (its object of SRC binds and
#: its IFCE rows give exactly these; this table had s0, s1, s2-s3 in declaration order before)
BASES = {"g_tex": (2, 2), "g_der": (4, 3), "g_arr": (7, 0)}


def _compile(entry: str, src: str = SRC) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, "ps_5_0"))


def _tex_row(t: int) -> float:
    """The texel's x of the texture at register t (its value is t + 1), g_first (t1) included."""
    return float(t + 1)


def draw(blob: bytes, instances: list, g_i: int = 0) -> np.ndarray:
    """One pixel through the pixel shader with ``instances`` (names, (name, index) or ClassInstance-making
    callables) in its interface slots."""
    import pyd3d11.d3d11 as cd

    dev, _lvl, ctx = cd.D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    vs_src = """void main(uint id : SV_VertexID, out float4 pos : SV_Position) {
        pos = float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1); }"""
    vs = dev.CreateVertexShader(bytes(D3DCompile(vs_src, None, "v.hlsl", None, None, "main", "vs_5_0")), None, None)
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(blob, None, link)
    cb0 = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=4), dict(pSysMem=np.array([g_i, 0, 0, 0], np.uint32).tobytes()))
    cb1 = dev.CreateBuffer(dict(ByteWidth=CB1.nbytes, BindFlags=4), dict(pSysMem=CB1.tobytes()))
    srvs = []
    for i in range(12):
        tex = dev.CreateTexture2D(dict(Width=1, Height=1, MipLevels=1, ArraySize=1, Format=2,
                                       SampleDesc=dict(Count=1, Quality=0), BindFlags=8),
                                  dict(pSysMem=np.array([i + 1, 0, 0, 1], F32).tobytes(), SysMemPitch=16))
        srvs.append(dev.CreateShaderResourceView(tex, None))
    samplers = [dev.CreateSamplerState(dict(Filter=0, AddressU=4, AddressV=4, AddressW=4, MipLODBias=0,
                                            MaxAnisotropy=1, ComparisonFunc=1, BorderColor=(0, 0, j + 1, 0),
                                            MinLOD=0, MaxLOD=3.4e38)) for j in range(6)]
    rt = dev.CreateTexture2D(dict(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=2,
                                  SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt, None)], None)
    ctx.RSSetViewports(1, [dict(TopLeftX=0, TopLeftY=0, Width=2, Height=2, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(4)
    ctx.VSSetShader(vs, None, 0)
    ctx.PSSetConstantBuffers(0, 2, [cb0, cb1])
    ctx.PSSetShaderResources(0, len(srvs), srvs)
    ctx.PSSetSamplers(0, len(samplers), samplers)
    insts = []
    for x in instances:
        if callable(x):
            insts.append(x(link))
        elif isinstance(x, tuple):
            insts.append(link.GetClassInstance(*x))
        else:
            insts.append(link.GetClassInstance(x, 0))
    ctx.PSSetShader(ps, insts, len(insts))
    ctx.Draw(3, 0)
    px = texture_to_numpy(ctx, rt)
    assert (px == px[0, 0]).all()
    return px[0, 0]


def want_tex(t: int, s: int, w: float) -> list[float]:
    """cTex::shade for texture base t and sampler base s: (texture t, texture t + 1, sampler s's border, w)."""
    return [_tex_row(t), _tex_row(t + 1), s + 1, w]


def want_arr(t: int, s: int, w: float) -> list[float]:
    """cArr::shade: its member array t[3] is textures t..t+2 (element i at t + i)."""
    return [_tex_row(t + 2), _tex_row(t), s + 1, w]


def want_der(t: int, s: int, w: float) -> list[float]:
    """cDer::shade: c is the class's third texture (after cTex's a, b); a the first; GetDimensions of a 1x1."""
    return [_tex_row(t + 2), _tex_row(t) * 10 + 1, s + 1, w]


G_FIRST = 1000 * _tex_row(1)


@pytest.mark.parametrize(("inst", "want"), [
    ("g_tex", want_tex(*BASES["g_tex"], 7)),
    ("g_der", want_der(*BASES["g_der"], 9)),
    ("g_flat", [5, 6, 7, 8]),
    (("g_arr", 0), want_tex(*BASES["g_arr"], 11)),
    (("g_arr", 1), want_tex(BASES["g_arr"][0] + 2, BASES["g_arr"][1] + 1, 12)),  # element 1: + the class's counts
])
def test_instance_objects_read_at_this_bases(inst, want):
    got = draw(_compile("PSOne"), [inst])
    np.testing.assert_array_equal(got, np.array(want, F32) + F32(G_FIRST))


@pytest.mark.parametrize(("tex", "samp"), [(0, 0), (4, 3), (9, 5)])
def test_created_instance_names_its_texture_and_sampler_bases(tex, samp):
    """CreateClassInstance(type, cb, vector, texture, sampler): the body reads t[tex + k], s[samp + k]."""
    got = draw(_compile("PSOne"), [lambda link: link.CreateClassInstance("cDer", 1, 1, tex, samp)])
    np.testing.assert_array_equal(got, np.array(want_der(tex, samp, 9), F32) + F32(G_FIRST))


@pytest.mark.parametrize(("tex", "samp"), [(0, 0), (5, 2)])
def test_object_array_member_elements_at_the_base_plus_their_index(tex, samp):
    """cArr's ``Texture2D t[3]`` read through this[]: element i is t[this.z + i]. Its constant buffer (cb2)
    is not bound, so w.z reads 0 (an unbound slot, §7.11.2)."""
    got = draw(_compile("PSOne"), [lambda link: link.CreateClassInstance("cArr", 2, 0, tex, samp)])
    np.testing.assert_array_equal(got, np.array(want_arr(tex, samp, 0), F32) + F32(G_FIRST))


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_object_array_member_with_a_run_time_index_is_x3512():
    src = SRC + "class cBad : IShade { SamplerState s; Texture2D t[2]; float4 w;\n" \
                "float4 shade() { return t[(uint)w.x].Sample(s, float2(0, 0)); } };\ncBad g_bad;"
    with pytest.raises(D3D11Error, match="X3512"):
        _compile("PSOne", src)


@pytest.mark.parametrize("g_i", [0, 1, 2])
def test_dynamically_indexed_interface_array_reads_each_slots_objects(g_i):
    slots = ["g_der", ("g_arr", 1), "g_tex"]
    want = [want_der(*BASES["g_der"], 9), want_tex(BASES["g_arr"][0] + 2, BASES["g_arr"][1] + 1, 12),
            want_tex(*BASES["g_tex"], 7)][g_i]
    np.testing.assert_array_equal(draw(_compile("PSDyn"), slots, g_i), np.array(want, F32))


def _ifce(blob: bytes):
    return parse_ifce(parse_container(blob).get("IFCE"))


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_ifce_counts_a_classes_objects_and_gives_instance_bases():
    ifce = _ifce(_compile("PSOne"))
    rows = {t.name: (t.cb_stride, t.texture, t.sampler) for t in ifce.class_types}
    # cTex: w (1 vector), a, b, smp; cDer: cTex's plus c; cFlat: k only
    assert rows == {"cTex": (1, 2, 1), "cDer": (1, 3, 1), "cFlat": (1, 0, 0), "cArr": (1, 3, 1)}
    inst = {c.name: (c.constant_buffer, c.cb_offset, c.texture, c.sampler) for c in ifce.class_instances}
    # fxc 10.1's IFCE rows of its own object of SRC (session 39): samplers by block size, g_arr's two first
    assert inst == {"g_tex": (1, 0, 2, 2), "g_der": (1, 1, 4, 3), "g_flat": (1, 2, NO_SLOT, NO_SLOT),
                    "g_arr": (1, 3, 7, 0), "g_tarr": (2, 0, 11, 4)}  # g_tarr: after g_arr's blocks


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_body_reads_objects_through_this_like_fxc():
    """interface1.dxbc's shape: the bases copied from this[].zw, a relative t/s operand, the _indexable
    form naming the texture's dimension and return types (no declaration does)."""
    src = """interface IF { float foo(); };
class A : IF { float f; SamplerState s; Texture2D<float4> t;
  float foo() { return t.Sample(s, float2(0.25, 0.75)).x * f; } };
IF I[4];
uint i;
float main() : SV_Target { return I[i].foo(); }"""
    text = disassemble(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")))
    assert "this[r0.x + 0].zwzz" in text
    line = next(x for x in text.splitlines() if x.startswith("sample"))
    assert line.startswith("sample_indexable(texture2d)(float,float,float,float) ")
    assert "t[r" in line and " + 0].xyzw, s[r" in line
    assert "dcl_resource" not in text  # no instance declared: no register is the class's
    assert [(t.name, t.cb_stride, t.texture, t.sampler) for t in _ifce(
        bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))).class_types] == [("A", 1, 1, 1)]


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
@pytest.mark.parametrize("member", ["RWTexture2D<float4> u;", "RWBuffer<float> u;",
                                    "RWStructuredBuffer<float4> u;", "RWByteAddressBuffer u;"])
def test_writable_members_of_an_interface_implementing_class_are_x3090(member):
    src = f"interface IF {{ float foo(); }};\nclass A : IF {{ float f; {member} float foo() {{ return f; }} }};\n" \
          "IF g;\nfloat main() : SV_Target { return g.foo(); }"
    with pytest.raises(D3D11Error, match="X3090"):
        _compile("main", src)


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_writable_member_of_a_plain_class_stays_allowed():
    src = "class A { float f; RWTexture2D<float4> u; float foo() { u[uint2(0, 0)] = f; return f; } };\n" \
          "A a;\nfloat main() : SV_Target { return a.foo(); }"
    assert "dcl_uav_typed_texture2d" in disassemble(_compile("main", src))
