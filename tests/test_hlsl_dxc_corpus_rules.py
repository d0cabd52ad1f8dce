"""Rules found wanting by tools/dxc_corpus (DXC's HLSL test files compiled as SM 5.0), each tested from its own
definition, without the DXC checkout. The rows of vectors/matrices in memory are tests/test_hlsl_mem_component_lvalues.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile, D3DCompileFromFile, D3DReflect
from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE

BOM = b"\xef\xbb\xbf"
PS = b"float4 main(float4 a : A) : SV_Target { return a * 2; }\n"


# --- a UTF-8 byte order mark opening a source file ----------------------------------------------------------------
# SharpDX issue 952 (maintainer: "a bug in DirectCompiler itself"): D3DCompileFromFile compiles a file that
# starts with EF BB BF; D3DCompile of the same bytes from memory fails. Files with one are common (Visual Studio
# saves "UTF-8 with signature"); DXC's CodeGenHLSL interpChange.hlsl, semaOverlap.hlsl … are such files.
def test_from_file_drops_the_byte_order_mark(tmp_path):
    p = tmp_path / "bom.hlsl"
    p.write_bytes(BOM + PS)
    with_bom = bytes(D3DCompileFromFile(str(p), None, None, "main", "ps_5_0"))
    p.write_bytes(PS)
    assert bytes(D3DCompileFromFile(str(p), None, None, "main", "ps_5_0")) == with_bom


def test_from_memory_keeps_the_byte_order_mark_as_source_text():
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(BOM + PS, None, "m.hlsl", None, None, "main", "ps_5_0")
    assert "error X3000" in ei.value.errors


def test_standard_include_handler_keeps_the_byte_order_mark(tmp_path):
    """The standard include handler reads a file's bytes as they are: a byte order mark there is three characters of
    the source, X3000 "Illegal character in shader file" (d3dcompiler_47 10.1, session 44: the inference this test
    held until then -- one reader with D3DCompileFromFile, which drops it -- is not fxc's answer)."""
    (tmp_path / "inc.hlsli").write_bytes(BOM + b"float4 twice(float4 a) { return a * 2; }\n")
    main = tmp_path / "main.hlsl"
    main.write_bytes(BOM + b'#include "inc.hlsli"\nfloat4 main(float4 a : A) : SV_Target { return twice(a); }\n')
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompileFromFile(str(main), None, D3D_COMPILE_STANDARD_FILE_INCLUDE, "main", "ps_5_0")
    assert "inc.hlsli(1,1): error X3000" in ei.value.errors


def test_a_byte_order_mark_elsewhere_is_still_an_error(tmp_path):
    p = tmp_path / "mid.hlsl"
    p.write_bytes(PS + BOM + b"\n")
    with pytest.raises(ShaderCompileError):
        D3DCompileFromFile(str(p), None, None, "main", "ps_5_0")


# --- EvaluateAttributeCentroid ---------------------------------------------------------------------------------
# MicrosoftDocs/win32 direct3dhlsl/evaluateattributecentroid.md: "numeric EvaluateAttributeCentroid(in attrib
# numeric value)", shader model 5, pixel shaders only; DXC's intrinsic table (gen_intrin_main.txt) has the same name.
def test_evaluate_attribute_centroid_is_the_centroid_evaluation():
    a = D3DCompile("float4 main(float4 a : A) : SV_Target { return EvaluateAttributeCentroid(a); }", None, "t",
                   None, None, "main", "ps_5_0")
    b = D3DCompile("float4 main(float4 a : A) : SV_Target { return EvaluateAttributeAtCentroid(a); }", None, "t",
                   None, None, "main", "ps_5_0")
    assert bytes(a)[20:] == bytes(b)[20:]  # the same program (the checksum covers the name-free bytes)
    from pyd3d11.shader.dxbc.disasm import disassemble

    assert "eval_centroid" in disassemble(bytes(a))


@pytest.mark.parametrize("src,profile,code", [
    ("float4 main(float4 a : A) : SV_Target { return EvaluateAttributeCentroid(a); }", "ps_4_1", "X3672"),  # fxc 10.1 (session 39; was X3004)
    ("float4 main(float4 a : A) : SV_Position { return EvaluateAttributeCentroid(a); }", "vs_5_0", "X3672"),
    ("float4 main(float4 a : A) : SV_Target { return EvaluateAttributeCentroid(a * 2); }", "ps_5_0", "X3503"),
    ("float4 main(float4 a : A) : SV_Target { return EvaluateAttributeCentroid(a, 1); }", "ps_5_0", "X3013"),
])
def test_evaluate_attribute_centroid_keeps_the_pages_limits(src, profile, code):
    """Shader model 5 and later, pixel shaders only, the argument a pixel-shader input ("attrib")."""
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", profile)
    assert f"error {code}:" in ei.value.errors


# --- static globals initialised by a function call ------------------------------------------------------------------
# dx-graphics-hlsl-variable-syntax.md: a static global's initialiser is evaluated by the shader ("static …
# the variable is … initialized" once); a function it calls is code of the shader, so the globals that function
# reads are used by the shader (DXC CodeGenSPIRV spirv.legal.sbuffer.counter.struct.hlsl: a struct of objects
# built by a function; the object was left without a register and the assembler failed on "u-1").
def _run_cs(src: str) -> list[int]:
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=16, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    st = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, Usage=D3D11_USAGE_STAGING,
                                            CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(st, out)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    words = np.frombuffer(m.pData, np.uint32)[:4].tolist()
    ctx.Unmap(st, 0)
    return words


STATIC_BY_CALL = [
    # an object inside a struct built by a function
    ("struct B { RWByteAddressBuffer rw; }; RWByteAddressBuffer g;\n"
     "B Make() { B b; b.rw = g; return b; }\nstatic B sb = Make();\n"
     "[numthreads(1, 1, 1)] void main() { sb.rw.Store(0, 77); }", [77, 0, 0, 0]),
    # a function called by a function the initialiser calls, reading a constant buffer
    ("RWByteAddressBuffer g; cbuffer C { uint k; };\nuint Inner() { return k + 5; }\nuint Outer() { return Inner() * 2; }\n"
     "static uint s = Outer();\n[numthreads(1, 1, 1)] void main() { g.Store(4, s); }", [0, 10, 0, 0]),
    # a static initialised from another static initialised by a call
    ("RWByteAddressBuffer g;\nRWByteAddressBuffer Pick() { return g; }\nstatic RWByteAddressBuffer a = Pick();\n"
     "struct H { RWByteAddressBuffer r; }; H Wrap() { H h; h.r = a; return h; }\nstatic H w = Wrap();\n"
     "[numthreads(1, 1, 1)] void main() { w.r.Store(8, 9); }", [0, 0, 9, 0]),
]


@pytest.mark.parametrize("src,expected", STATIC_BY_CALL)
def test_static_initialised_by_a_call_binds_what_the_call_reads(src, expected):
    assert _run_cs(src) == expected


def test_static_initialiser_call_makes_its_reads_used_in_reflection():
    src = ("Texture2D t; SamplerState s;\nfloat4 Get() { return t.Load(int3(0, 0, 0)); }\nstatic float4 v = Get();\n"
           "Texture2D unused;\nfloat4 main() : SV_Target { return v; }")
    r = D3DReflect(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))
    names = [r.GetResourceBindingDesc(i).Name for i in range(r.GetDesc().BoundResources)]
    assert names == ["t"]


# --- unsized arrays sized by their initialiser --------------------------------------------------------------------
# dx-graphics-hlsl-variable-syntax.md / the array page: an array declared ``[]`` with an initialiser has as many
# elements as the initialiser's scalar components fill; items are vectors, variables and calls as well as literals
# (DXC dxil/debug/value_cache/load.hlsl: four float2 constructors; types/modifiers/static/staticGlobals.hlsl: three
# static float4 variables). The parser counted every non-list item as one scalar.
UNSIZED = [
    ("static const float2 o[] = { float2(1, 2), float2(3, 4), float2(5, 6), float2(7, 8) };", "o", 4, "o[3].y", 8),
    ("static float4 f0 = {5, 6, 7, 8}; static float4 f1 = 0; static float4 o[] = { f0, f1, f0 };", "o", 3,
     "o[2].w", 8),
    ("static float4 f0 = {5, 6, 7, 8}; static float2 o[] = { f0.xy, 9, 10, f0.zw };", "o", 3, "o[1].y", 10),
    ("static float3 v = 2; float F() { return 4; } static float o[] = { v, F(), -F() };", "o", 5, "o[4]", -4),
    ("static const int2 o[] = { int2(1, 2), -int2(3, 4) };", "o", 2, "o[1].y", -4),
]


@pytest.mark.parametrize("decl,name,count,read,value", UNSIZED)
def test_unsized_array_takes_the_initialisers_size(decl, name, count, read, value):
    body = f"RWByteAddressBuffer g;\n{decl}\n[numthreads(1, 1, 1)] void main() {{ g.Store(0, asuint((float){read})); }}"
    assert np.array(_run_cs(body)[:1], np.uint32).view(np.float32)[0] == value
    past = body.replace(read, f"{name}[{count}]" + read[len(name) + 2 + len(str(count - 1)):])
    with pytest.raises(ShaderCompileError) as ei:  # one past the inferred size
        D3DCompile(past, None, "t.hlsl", None, None, "main", "cs_5_0")
    assert "error X3504:" in ei.value.errors


def test_unsized_array_whose_items_do_not_fill_whole_elements_is_refused():
    # X3075 "'a': implicit array type does not match initial value" (d3dcompiler_47 10.1, session 45; was X3017 here,
    # an inferred number)
    for decl in ("float2 a[] = { 1, 2, 3 };", "static float f = 1; float2 a[] = { f, 2, 3 };"):
        with pytest.raises(ShaderCompileError) as ei:
            D3DCompile(f"float4 main(uint i : I) : SV_Target {{ {decl} return a[i].x; }}", None, "t.hlsl", None,
                       None, "main", "ps_5_0")
        assert "error X3075:" in ei.value.errors


def test_unsized_array_of_objects_counts_one_element_per_object():
    """DXC control_flow/attributes/unroll/simple.hlsl: ``AppendStructuredBuffer<float4> b[] = { buf0, … };``."""
    src = ("RWByteAddressBuffer b0, b1, b2;\n[numthreads(1, 1, 1)] void main() {\n"
           "  RWByteAddressBuffer bs[] = { b0, b1, b2, };\n  bs[IDX].Store(0, 1);\n}")
    D3DCompile(src.replace("IDX", "2"), None, "t.hlsl", None, None, "main", "cs_5_0")
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src.replace("IDX", "3"), None, "t.hlsl", None, None, "main", "cs_5_0")
    assert "error X3504:" in ei.value.errors


# --- subscripts of objects reached through a resource array or a local struct, as destinations ------------------------
# A resource array's element chosen by literal indices is that resource (dx-graphics-hlsl-variable-syntax.md, arrays
# of objects; resource-binding-in-hlsl.md: "resource arrays … literal indices" below SM 5.1), and a local struct's
# object field holds the global it was assigned; subscripting either and storing through it is a store to that
# resource (DXC objects/Buffer/multiUAVLoad6.hlsl ``buf[1][0][1] = 3``; CodeGenSPIRV legal-examples
# 03-copy-local-struct-ok.hlsl ``cb.RWSBuffer[i] = cb.SBuffer[i]``). Both were refused with X3512.
def _run_cs_with_structured(src: str, n_extra: int) -> list[int]:
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uavs = [dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=16, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))]
    for _ in range(n_extra):
        b = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                               MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, StructureByteStride=4))
        uavs.append(dev.CreateUnorderedAccessView(b, D3D11_UNORDERED_ACCESS_VIEW_DESC(
            Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
            Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=4))))
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, len(uavs), uavs, None)
    ctx.Dispatch(1, 1, 1)
    st = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, Usage=D3D11_USAGE_STAGING,
                                            CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(st, out)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    words = np.frombuffer(m.pData, np.uint32)[:4].tolist()
    ctx.Unmap(st, 0)
    return words


def test_element_of_a_two_dimensional_resource_array_as_destination():
    src = """RWByteAddressBuffer o : register(u0);
    RWStructuredBuffer<uint> s[2][1] : register(u1);
    [numthreads(1, 1, 1)] void main() {
        s[1][0][2] = 5; s[0][0][2] = 7; InterlockedAdd(s[1][0][2], 2); s[0][0][3] = 1; s[0][0][3] += 10;
        o.Store4(0, uint4(s[1][0][2], s[0][0][2], s[0][0][3], s[1][0][3]));
    }"""
    assert _run_cs_with_structured(src, 2) == [7, 7, 11, 0]


def test_object_field_of_a_local_struct_as_destination():
    src = """RWByteAddressBuffer o : register(u0);
    struct Pair { RWStructuredBuffer<uint> a; RWStructuredBuffer<uint> b; };
    RWStructuredBuffer<uint> ga : register(u1);
    RWStructuredBuffer<uint> gb : register(u2);
    [numthreads(1, 1, 1)] void main() {
        Pair p; p.a = ga; p.b = gb;
        p.a[1] = 4; p.b[1] = p.a[1] + 1; InterlockedOr(p.b[1], 8); p.a[2]++;
        o.Store4(0, uint4(ga[1], gb[1], ga[2], gb[2]));
    }"""
    assert _run_cs_with_structured(src, 2) == [4, 13, 1, 0]


# --- writes to uniform globals in backwards-compatibility mode (fxc /Gec) ------------------------------------------
# fxc's X3025 text for such a write is "global variables are implicitly constant, enable compatibility mode to allow
# modification": under D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY the shader works on its own copy, which starts as
# the constant buffer's value (DXC HLSLFileCheck types/modifiers/global/global-var-write-test01..04, RUN with /Gec).
GEC = 1 << 12  # D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY (d3dcompiler.h)
GLOBALS_SRC = """RWByteAddressBuffer o : register(u0);
float g_s; int g_a[3]; bool g_b; uint2x2 g_m; float g_read;
void Bump() { g_s += 1; g_m[1][0]++; }
float Peek() { return g_s; }
[numthreads(1, 1, 1)] void main() {
    float before = Peek();
    Bump();
    g_a[1] = g_a[0] + 5; g_b = !g_b;
    o.Store4(0, uint4(asuint(g_s), g_a[1], g_b ? 1 : 0, g_m._21));
    o.Store4(16, uint4(asuint(before), g_a[2], g_m._12, asuint(g_read)));
}"""


def test_compat_mode_writes_go_to_a_copy_of_the_constant_buffer_value():
    cs = D3DCompile(GLOBALS_SRC, None, "t.hlsl", None, None, "main", "cs_5_0", GEC)
    r = D3DReflect(cs)
    cb = r.GetConstantBufferByName("$Globals")
    off = {n: cb.GetVariableByName(n).GetDesc().StartOffset for n in ("g_s", "g_a", "g_b", "g_m", "g_read")}
    assert cb.GetDesc().Variables == 5  # the constant buffer keeps every variable
    data = np.zeros(cb.GetDesc().Size // 4, np.uint32)
    data[off["g_s"] // 4] = np.float32(2.5).view(np.uint32)
    data[off["g_a"] // 4] = 10          # element 0; elements are 16 bytes apart (cbuffer packing)
    data[off["g_a"] // 4 + 8] = 77      # element 2, never written
    data[off["g_b"] // 4] = 0
    data[off["g_m"] // 4 + 1] = 40      # column_major: _21 is the second component of the first column
    data[off["g_m"] // 4 + 4] = 33      # _12: first component of the second column
    data[off["g_read"] // 4] = np.float32(-1.0).view(np.uint32)
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    cbuf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=D3D11_BIND_CONSTANT_BUFFER),
                            D3D11_SUBRESOURCE_DATA(pSysMem=data))
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=16, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetConstantBuffers(0, 1, [cbuf])
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    st = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, Usage=D3D11_USAGE_STAGING,
                                            CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(st, out)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    w = np.frombuffer(m.pData, np.uint32)[:8].copy()
    ctx.Unmap(st, 0)
    f = w.view(np.float32)
    assert (f[0], w[1], w[2], w[3]) == (3.5, 15, 1, 41)
    assert (f[4], w[5], w[6], f[7]) == (2.5, 77, 33, -1.0)


@pytest.mark.parametrize("stmt", ["g_s = 1;", "g_s++;", "--g_a[1];", "g_m._11 += 2;", "g_v.x = 3;"])
def test_uniform_global_write_without_compat_mode_is_x3025(stmt):
    src = ("RWByteAddressBuffer o; float g_s; int g_a[2]; float2x2 g_m; float4 g_v;\n"
           f"[numthreads(1, 1, 1)] void main() {{ {stmt} o.Store(0, asuint(g_s + g_v.x + g_m._11 + g_a[1])); }}")
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    assert "error X3025: global variables are implicitly constant, enable compatibility mode" in ei.value.errors
    D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0", GEC)


# --- ``.x`` of a scalar in memory as an Interlocked destination -------------------------------------------------
# A scalar takes the one-component swizzles .x/.r (dx-graphics-hlsl-per-component-math.md: scalars are vectors of one
# component for swizzling); ``InterlockedAdd(rwTex[p].x, 1)`` is an atomic on that scalar (DXC atomic.hlsl, "vector
# component access operation on scalars; Github issue# 2434"). It was "destination must be groupshared or UAV memory".
def test_swizzle_of_a_scalar_in_memory_is_an_atomic_destination():
    src = """RWByteAddressBuffer o : register(u0);
    RWStructuredBuffer<uint> s : register(u1);
    RWBuffer<uint> t : register(u2);
    groupshared uint g[2];
    [numthreads(1, 1, 1)] void main() {
        g[1] = 4; s[1] = 10; t[2] = 20;
        InterlockedAdd(g[1].x, 3); InterlockedOr(s[1].r, 5); InterlockedAdd(t[2].x, 2);
        uint prev; InterlockedExchange(s[1].x, 100, prev);
        o.Store4(0, uint4(g[1], s[1], t[2], prev));
    }"""
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    u0 = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=16, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    sb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                            MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, StructureByteStride=4))
    u1 = dev.CreateUnorderedAccessView(sb, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=4)))
    tb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_UNORDERED_ACCESS))
    u2 = dev.CreateUnorderedAccessView(tb, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_UINT, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=4)))
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 3, [u0, u1, u2], None)
    ctx.Dispatch(1, 1, 1)
    st = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, Usage=D3D11_USAGE_STAGING,
                                            CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(st, out)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    w = np.frombuffer(m.pData, np.uint32)[:4].tolist()
    ctx.Unmap(st, 0)
    assert w == [7, 100, 22, 15]


@pytest.mark.parametrize("dest", ["s[1].y", "s[1].xx", "g[1].y"])
def test_other_swizzles_of_a_scalar_in_memory_are_refused(dest):
    src = ("RWStructuredBuffer<uint> s; groupshared uint g[2];\n"
           f"[numthreads(1, 1, 1)] void main() {{ InterlockedAdd({dest}, 1); }}")
    with pytest.raises(ShaderCompileError):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
