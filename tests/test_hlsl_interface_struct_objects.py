"""Struct members holding objects in class instances called through an interface (SM5 dynamic linkage).

The rules, from their definitions:

* D3D11.3 §7.19.2: texture and sampler members of classes are allowed with fcall dispatch (only texture/sampler
  *parameters* of interface methods are not); §22.7.20: a ``this[]`` register gives the instance's constant
  buffer, base vector, base texture and base sampler; §7.19.7.2: a class's objects are read at the base
  texture/sampler index plus the object's index in the class.
* An object inside a struct member (or an array of structs, or a struct inside a struct) is one more object of
  the class: objects are counted in layout order, base-class members first, textures and samplers each on their
  own (fxc's IFCE class rows count them; the same order the class's single object members and object arrays use,
  test_hlsl_interface_objects.py). The struct's numbers stay in the instance's constant-buffer words at the
  member's offset (a struct member starts a new 16-byte register, packing rules), bools read as true / false.
* The struct member is a value like any other: passed to a function, copied into a local, its members read.
* ID3D11ClassLinkage::CreateClassInstance(type, cb, vector, texture, sampler) names the bases explicitly;
  GetClassInstance(name, i) gives a declared instance's, which are where its objects are bound (the resource
  bindings the shader reflects: ``g_s.m.t`` …).

Texture i holds the texel (i + 1, 0, 0, 1) and sampler j returns the border colour (0, 0, j + 1, 0) outside
[0, 1] (test_hlsl_interface_objects.draw), so a pixel names the texture and sampler registers read; cb1 is that
module's CB1 (vectors (7,0,0,0) (8,9,0,0) (5,6,7,8) (11,0,0,0) (12,0,0,0))."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_interface_objects import CB1, draw

from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.ifce import parse_ifce
from pyd3d11.shader.reflection import D3DReflect

F32 = np.float32
V = CB1.reshape(-1, 4)  # cb1's vectors

SRC = """
interface IShade { float4 shade(); };
struct TS { Texture2D<float4> t; SamplerState s; float4 k; };
struct TB { float f0; bool f; Texture2D<float4> t; };
struct Outer { float2 a; TS inner; };
float4 look(TS s, float2 uv) { return s.t.SampleLevel(s.s, uv, 0) + s.k; }
class cS : IShade {
    float4 w; TS m;
    float4 shade() { return float4(m.t.Sample(m.s, float2(0.5, 0.5)).x, m.t.SampleLevel(m.s, float2(3, 3), 0).z,
                                   m.k.y, w.x); }
};
class cPre : IShade {
    SamplerState smp; Texture2D<float4> a; TS m;
    float4 shade() { return float4(a.Load(int3(0, 0, 0)).x, m.t.Load(int3(0, 0, 0)).x,
                                   m.t.SampleLevel(m.s, float2(-1, -1), 0).z + a.SampleLevel(smp, float2(3, 3), 0).z * 10,
                                   m.k.x); }
};
class cArr : IShade {
    TS m[2];
    float4 shade() { return float4(m[0].t.Load(int3(0, 0, 0)).x, m[1].t.Load(int3(0, 0, 0)).x,
                                   m[1].t.SampleLevel(m[1].s, float2(3, 3), 0).z
                                       + m[0].t.SampleLevel(m[0].s, float2(3, 3), 0).z * 10, m[1].k.x); }
};
class cNest : IShade {
    Outer o;
    float4 shade() { return float4(o.inner.t.Load(int3(0, 0, 0)).x, o.a.y, o.inner.k.z,
                                   o.inner.t.SampleLevel(o.inner.s, float2(3, 3), 0).z); }
};
class cDer : cS {
    Texture2D<float4> c;
    float4 shade() { return float4(c.Load(int3(0, 0, 0)).x, m.t.Load(int3(0, 0, 0)).x,
                                   m.t.SampleLevel(m.s, float2(3, 3), 0).z, m.k.w + w.y); }
};
class cFn : IShade {
    float4 w; TS m;
    float4 shade() { TS l = m; float4 v = look(m, float2(3, 3));
                     return float4(v.z, l.t.Load(int3(0, 0, 0)).x, l.k.x, v.x); }
};
class cBool : IShade {
    TB b;
    float4 shade() { return float4(b.f ? 1 : 2, b.t.Load(int3(0, 0, 0)).x, b.f0, (float)b.f); }
};
Texture2D g_first : register(t1);
cbuffer cbInst : register(b1) { cS g_s; cS g_sarr[2]; };
IShade g_shade;
IShade g_shades[3];
uint g_i;
float4 PSOne() : SV_Target { return g_shade.shade(); }
float4 PSDyn() : SV_Target { return g_shades[g_i].shade() + g_first.Load(int3(0, 0, 0)).x * 1000; }
"""


def _blob(entry: str = "PSOne") -> bytes:
    return bytes(D3DCompile(SRC, None, "t.hlsl", None, None, entry, "ps_5_0"))


def tex(t: int) -> float:
    """x of the texel of texture t."""
    return float(t + 1)


def border(s: int) -> float:
    """z of sampler s's border colour."""
    return float(s + 1)


# expected pixels of each class for texture base T, sampler base S and constant-buffer vector offset O
def want_s(T, S, O):
    return [tex(T), border(S), V[O + 1][1], V[O][0]]  # m.t = texture 0, m.s = sampler 0; w at O, m.k at O + 1


def want_pre(T, S, O):
    # a = texture 0, m.t = texture 1; smp = sampler 0, m.s = sampler 1; m.k at O (objects take no register)
    return [tex(T), tex(T + 1), border(S + 1) + border(S) * 10, V[O][0]]


def want_arr(T, S, O):
    # m[0].t, m[1].t = textures 0, 1; m[0].s, m[1].s = samplers 0, 1; m[0].k at O, m[1].k at O + 1
    return [tex(T), tex(T + 1), border(S + 1) + border(S) * 10, V[O + 1][0]]


def want_nest(T, S, O):
    # o.a at O.xy; o.inner starts a new register: o.inner.k at O + 1
    return [tex(T), V[O][1], V[O + 1][2], border(S)]


def want_der(T, S, O):
    # cS's objects first (m.t texture 0, m.s sampler 0), then c (texture 1); w at O, m.k at O + 1
    return [tex(T + 1), tex(T), border(S), V[O + 1][3] + V[O][1]]


def want_fn(T, S, O):
    # look(m, outside [0, 1]) = border + m.k; l is a copy of m
    k = V[O + 1]
    return [border(S) + k[2], tex(T), k[0], k[0]]


def want_bool(T, S, O):
    # TB: f0 at O.x, f at O.y (non-zero: true; (float)true is 1)
    return [1.0 if V[O][1] != 0 else 2.0, tex(T), V[O][0], 1.0 if V[O][1] != 0 else 0.0]


@pytest.mark.parametrize(("cls", "want"), [
    ("cS", want_s), ("cPre", want_pre), ("cArr", want_arr), ("cNest", want_nest), ("cDer", want_der),
    ("cFn", want_fn),
])
@pytest.mark.parametrize(("T", "S", "O"), [(0, 0, 0), (5, 2, 2), (9, 3, 3)])
def test_created_instance_reads_its_struct_members_objects_and_numbers(cls, want, T, S, O):
    got = draw(_blob(), [lambda link: link.CreateClassInstance(cls, 1, O, T, S)])
    np.testing.assert_array_equal(got, np.array(want(T, S, O), F32))


@pytest.mark.parametrize("O", [0, 1])
def test_bool_beside_an_object_in_a_struct_member_reads_as_true_or_false(O):
    """cb vector 0's y is 0 (false), vector 1's is 9 (true)."""
    got = draw(_blob(), [lambda link: link.CreateClassInstance("cBool", 1, O, 4, 0)])
    np.testing.assert_array_equal(got, np.array(want_bool(4, 0, O), F32))


def _bound(blob: bytes, name: str) -> int:
    r = D3DReflect(blob)
    return r.GetResourceBindingDescByName(name).BindPoint


@pytest.mark.parametrize(("inst", "prefix", "O"), [("g_s", "g_s", 0), (("g_sarr", 0), "g_sarr[0]", 2),
                                                   (("g_sarr", 1), "g_sarr[1]", 4)])
def test_declared_instance_reads_the_registers_its_objects_are_bound_to(inst, prefix, O):
    """GetClassInstance: the body reads the texture and sampler the shader binds for that instance's struct
    member (its reflected bindings); cbInst: g_s at vectors 0-1, g_sarr[0] at 2-3, g_sarr[1] at 4-5. CB1 holds
    vectors 0-4: g_sarr[1]'s m.k (vector 5) is past the bound buffer and reads 0 (D3D11.3 §7.5: out of bounds
    constant-buffer reads return 0 in all components)."""
    blob = _blob()
    T, S = _bound(blob, f"{prefix}.m.t"), _bound(blob, f"{prefix}.m.s")
    vectors = np.concatenate([V, np.zeros((2, 4), F32)])
    want = [tex(T), border(S), vectors[O + 1][1], vectors[O][0]]
    np.testing.assert_array_equal(draw(blob, [inst]), np.array(want, F32))


@pytest.mark.parametrize("g_i", [0, 1, 2])
def test_dynamically_indexed_interface_array_reads_each_instances_struct_objects(g_i):
    slots = [lambda link: link.CreateClassInstance("cArr", 1, 1, 3, 1),
             lambda link: link.CreateClassInstance("cNest", 1, 2, 6, 4),
             lambda link: link.CreateClassInstance("cDer", 1, 0, 8, 5)]
    want = [want_arr(3, 1, 1), want_nest(6, 4, 2), want_der(8, 5, 0)][g_i]
    got = draw(_blob("PSDyn"), slots, g_i)
    np.testing.assert_array_equal(got, np.array(want, F32) + F32(1000 * tex(1)))


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_ifce_counts_objects_inside_struct_members():
    ifce = parse_ifce(parse_container(_blob()).get("IFCE"))
    rows = {t.name: (t.cb_stride, t.texture, t.sampler) for t in ifce.class_types}
    # numbers only take constant-buffer vectors: cS w + m.k; cPre m.k; cArr m[0].k, m[1].k; cNest o.a, o.inner.k;
    # cDer cS's two; cFn w + m.k; cBool b's one
    assert rows == {"cS": (2, 1, 1), "cPre": (1, 2, 2), "cArr": (2, 2, 2), "cNest": (2, 1, 1), "cDer": (2, 2, 1),
                    "cFn": (2, 1, 1), "cBool": (1, 1, 0)}


BUFFERS = """
interface IRead { float4 read(uint i); };
struct E { float a; float b; };
struct P { StructuredBuffer<E> sb; ByteAddressBuffer rb; float x; };
class cBuf : IRead {
    P p;
    float4 read(uint i) { return float4(p.sb[i].a, p.sb[i].b, asfloat(p.rb.Load(i * 4)), p.x); }
};
class cArrBuf : IRead {
    float4 w; ByteAddressBuffer r[2];
    float4 read(uint i) { return float4(asfloat(r[0].Load(i * 4)), asfloat(r[1].Load(i * 4)), w.y, 0); }
};
IRead g_read;
RWStructuredBuffer<float4> g_out : register(u0);
[numthreads(2, 1, 1)] void main(uint t : SV_DispatchThreadID) { g_out[t] = g_read.read(t); }
"""


KINDS = "srrsrs"  # the view each SRV slot holds: structured or raw


def _buffers_dispatch(make_instance) -> np.ndarray:
    """Thread t writes g_read.read(t). SRVs: t0..t5, buffer k holding the floats 10k + 1, 10k + 2, …: KINDS[k]
    structured (E elements: a = 10k + 1 + 2j, b = 10k + 2 + 2j) or raw; cb0 = (7, 8, 9, 10), (11, 12, …)."""
    from hlsl_docs_objects_kit import raw_buffer, read_buffer, structured_buffer

    import pyd3d11.d3d11 as d

    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
    srvs = []
    for k in range(6):
        vals = np.arange(10 * k + 1, 10 * k + 5, dtype=F32)
        srvs.append(structured_buffer(dev, vals, 8)[1] if KINDS[k] == "s" else raw_buffer(dev, vals.view(np.uint32),
                                                                                          uav=False)[1])
    out, view = structured_buffer(dev, np.zeros((2, 4), F32), 16, uav=True)
    cb = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=32, BindFlags=d.D3D11_BIND_CONSTANT_BUFFER),
                          d.D3D11_SUBRESOURCE_DATA(pSysMem=np.arange(7, 15, dtype=F32).tobytes()))
    blob = bytes(D3DCompile(BUFFERS, None, "t.hlsl", None, None, "main", "cs_5_0"))
    link = dev.CreateClassLinkage()
    cs = dev.CreateComputeShader(blob, len(blob), link)
    ctx.CSSetShader(cs, [make_instance(link)], 1)
    ctx.CSSetShaderResources(0, 6, srvs)
    ctx.CSSetConstantBuffers(0, 1, [cb])
    ctx.CSSetUnorderedAccessViews(0, 1, [view], None)
    ctx.Dispatch(1, 1, 1)
    return read_buffer(dev, ctx, out, 32).view(F32).reshape(2, 4)


@pytest.mark.parametrize(("T", "O"), [(0, 0), (3, 1), (0, 1)])
def test_structured_and_raw_buffers_in_a_struct_member(T, O):
    """cBuf: p.sb is the class's texture-register object 0 (structured, at T), p.rb object 1 (raw, at T + 1);
    p.x is cb0 vector O's x. Thread t reads element t of p.sb and word t of p.rb."""
    got = _buffers_dispatch(lambda link: link.CreateClassInstance("cBuf", 0, O, T, 0))
    cbv = np.arange(7, 15, dtype=F32).reshape(2, 4)
    want = [[10 * T + 1 + 2 * t, 10 * T + 2 + 2 * t, 10 * (T + 1) + 1 + t, cbv[O][0]] for t in range(2)]
    np.testing.assert_array_equal(got, np.array(want, F32))


def test_raw_buffer_array_member():
    """cArrBuf: r[0], r[1] at T + 0, T + 1 (T = 1: the raw buffers 1 and 2); w.y = cb0 vector 1's y."""
    got = _buffers_dispatch(lambda link: link.CreateClassInstance("cArrBuf", 0, 1, 1, 0))
    want = [[11 + t, 21 + t, 12, 0] for t in range(2)]
    assert KINDS[1:3] == "rr"
    np.testing.assert_array_equal(got, np.array(want, F32))
