"""Which object an object variable accepts (shader/hlsl/objcompat.py), session 27 helper MUT (issue 19 item 3).

The rule: a Direct3D 10+ resource object's type is its kind and its element type (MicrosoftDocs direct3dhlsl
"Texture-Object": a bare texture type is its float4 instantiation); an object takes another only of the same kind
and element type, and a sampler never takes a resource nor a resource a sampler; fxc reports the mismatch as
X3017 "cannot implicitly convert" (a call whose argument does not match: X3013 / X3017). Session 26's table
(test_hlsl_object_views) pinned textures; these rows carry the rule to every resource family it names: the
read-write textures and buffers (RW_KINDS), the structured and byte-address buffers (BUFFER_KINDS), the
rasterizer-ordered forms (a RasterizerOrderedTexture2D is not a RWTexture2D), across the families, and both
directions against the sampler objects."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError

pytestmark = pytest.mark.backend_independent  # compiles only

_PS = "float4 main(float4 p : SV_Position) : SV_Target {{ float4 r = 0; {body} return r; }}"

#: (declarations, body, accepted)
_ROWS = [
    # read-write textures and typed buffers: kind and element type
    ("RWTexture2D<float4> u;", "RWTexture2D<float4> x = u; r = x[uint2(0, 0)];", True),
    ("RWTexture2D<float4> u;", "RWTexture2D<float> x = u; r = x[uint2(0, 0)];", False),
    ("RWTexture2D<float4> u;", "RWTexture2DArray<float4> x = u; r = x[uint3(0, 0, 0)];", False),
    ("RWBuffer<float4> u;", "RWBuffer<float4> x = u; r = x[0];", True),
    ("RWBuffer<float4> u;", "RWBuffer<uint4> x = u; r = x[0];", False),
    ("RWTexture3D<float> u;", "RWTexture3D<float> x = u; r = x[uint3(0, 0, 0)];", True),
    ("RWTexture3D<float> u;", "RWTexture3D<float2> x = u; r = x[uint3(0, 0, 0)].xyxy;", False),
    # structured and byte-address buffers
    ("StructuredBuffer<float4> b;", "StructuredBuffer<float4> x = b; r = x[0];", True),
    ("StructuredBuffer<float4> b;", "StructuredBuffer<float3> x = b; r = x[0].xyzz;", False),
    ("StructuredBuffer<float4> b;", "RWStructuredBuffer<float4> x = b; r = x[0];", False),
    ("RWStructuredBuffer<float4> b;", "StructuredBuffer<float4> x = b; r = x[0];", False),
    ("ByteAddressBuffer b;", "ByteAddressBuffer x = b; r = asfloat(x.Load(0));", True),
    ("RWByteAddressBuffer b;", "ByteAddressBuffer x = b; r = asfloat(x.Load(0));", False),
    # across the families
    ("Texture2D t;", "RWTexture2D<float4> x = t; r = x[uint2(0, 0)];", False),
    ("RWTexture2D<float4> u;", "Texture2D x = u; r = x.Load(int3(0, 0, 0));", False),
    ("Buffer<float4> t;", "RWBuffer<float4> x = t; r = x[0];", False),
    ("Buffer<float4> t;", "StructuredBuffer<float4> x = t; r = x[0];", False),
    ("RWBuffer<float4> t;", "RWStructuredBuffer<float4> x = t; r = x[0];", False),
    # rasterizer-ordered views are their own types
    ("RasterizerOrderedTexture2D<float4> u;", "RasterizerOrderedTexture2D<float4> x = u; r = x[uint2(0, 0)];", True),
    ("RasterizerOrderedTexture2D<float4> u;", "RWTexture2D<float4> x = u; r = x[uint2(0, 0)];", False),
    ("RWTexture2D<float4> u;", "RasterizerOrderedTexture2D<float4> x = u; r = x[uint2(0, 0)];", False),
    # a sampler is no resource, a resource no sampler, in either direction
    ("SamplerState s;", "RWTexture2D<float4> x = s; r = x[uint2(0, 0)];", False),
    ("SamplerState s;", "StructuredBuffer<float4> x = s; r = x[0];", False),
    ("RWTexture2D<float4> u; Texture2D t;", "SamplerState x = u; r = t.Sample(x, p.xy);", False),
    ("StructuredBuffer<float4> b; Texture2D t;", "SamplerState x = b; r = t.Sample(x, p.xy);", False),
    ("Texture2D t;", "SamplerState x = t; r = t.Sample(x, p.xy);", False),
    ("SamplerState s; Texture2D t;", "SamplerState x = s; r = t.Sample(x, p.xy);", True),
    # parameters: the same rule at a call
    ("RWTexture2D<float> u; float4 f(RWTexture2D<float4> x) { return x[uint2(0, 0)]; }", "r = f(u);", False),
    ("RWTexture2D<float4> u; float4 f(RWTexture2D<float4> x) { return x[uint2(0, 0)]; }", "r = f(u);", True),
    ("ByteAddressBuffer b; float4 f(StructuredBuffer<uint> x) { return x[0]; }", "r = f(b);", False),
    ("Texture2D t; float4 f(SamplerState x) { return t.Sample(x, float2(0, 0)); }", "r = f(t);", False),
]


@pytest.mark.parametrize("decl,body,ok", _ROWS)
def test_an_object_takes_only_its_own_kind_and_element(decl, body, ok):
    src = decl + "\n" + _PS.format(body=body)
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    else:
        with pytest.raises(ShaderCompileError) as e:
            D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
        assert "X3017" in e.value.errors or "X3013" in e.value.errors
