"""RDEF written by the HLSL compiler against fxc's own objects (issue 15, reflection generality).

Provenance: the fxc-compiled DirectX SDK sample objects of the SlimShader corpus
(``../shared/conformance/dxbc-corpus/slimshader``, the same shaders the DXDecompiler repository carries with
their fxc listings), paired with their sources as tests/test_hlsl_slimshader.py pairs them. The facts read
from those objects (d3d11shader.h D3D11_SHADER_INPUT_BIND_DESC / D3D11_SHADER_TYPE_DESC fields):

* a resource with an explicit ``register()`` binding carries D3D_SIF_USERPACKED (1) in its bind flags,
  samplers, textures, structured buffers and UAVs alike (FluidCS11: ``StructuredBuffer<Particle>
  ParticlesRO : register(t0)`` has flags 1; DDSWithoutD3DX's ``g_txDiffuse : register(t0)`` has 13 =
  4-component 12 | 1);
* the scalar ``uint`` type is named ``dword`` (FluidCS11's ``uint g_iNumParticles``, ``RWStructuredBuffer<unsigned
  int> GridRW``'s ``$Element``; ComputeShaderSort11's ``g_iLevel``), its vectors keep ``uint2`` / ``uint4``
  (FluidCS11's ``StructuredBuffer<uint2>``, HDRToneMappingCS11's ``uint4 g_param``); fxc's listing prints
  ``uint`` for both, so only the binary shows it;
* the structured buffers' bind-info constant buffers (D3D_CT_RESOURCE_BIND_INFO) follow the order of the
  resource bindings (SRVs by register, then UAVs), not the declaration order (FluidCS11_IntegrateCS lists
  ParticlesRO, ParticlesForcesRO, ParticlesRW although ParticlesRW is declared first).

A constant-buffer variable placed with ``packoffset`` does NOT get D3D_SVF_USERPACKED: fxc's variables in
VarianceShadows11's 2DQuadShaders (``g_iKernelStart : packoffset(c0.z)``) have flags 0 or 2 (USED) only."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import conformance_path

from pyd3d11.shader.blob import blob_bytes
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.rdef import Rdef, build_rdef, parse_rdef

sys.path.insert(0, str(Path(__file__).parent))
import test_hlsl_slimshader as slim  # noqa: E402  (the corpus pairing: objects, sources, entry points)


def _rdef(blob: bytes) -> Rdef:
    return parse_rdef(parse_container(bytes(blob), verify_checksum=False).get("RDEF"))


def _compile(src: str, target: str = "cs_5_0", entry: str = "main") -> Rdef:
    return _rdef(blob_bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, target)))


@pytest.mark.parametrize(("obj", "entry"), [pytest.param(o, e, id=o) for o, e, _ in slim.ENTRIES])
def test_rdef_is_fxc_byte_for_byte(obj: str, entry: str):
    """The whole RDEF chunk (constant buffers, variables, types and their names, bind-info buffers, bindings
    with their flags) rebuilds to fxc's bytes; only the creator string differs, and fxc 9.30's side loses the
    unused buffers only d3dcompiler_46 kept (test_hlsl_slimshader.D3DCOMPILER_46_KEEPS_UNUSED: the compiler-version
    switch; the project follows d3dcompiler_47)."""
    o = conformance_path("dxbc-corpus", "slimshader", obj)
    ref = _rdef(o.read_bytes())
    drop = slim.D3DCOMPILER_46_KEEPS_UNUSED.get(obj, {})
    ref.constant_buffers = [c for c in ref.constant_buffers if c.name not in drop]
    ref.bindings = [b for b in ref.bindings if not (b.input_type == 0 and b.name in drop)]
    ours = _rdef(blob_bytes(slim.compile_for(o, entry)))
    ours.creator = ref.creator
    assert build_rdef(ours) == build_rdef(ref)


_SCALAR_NAMES = [
    # (declaration of the variable, RDEF type name) — FluidCS11 / ComputeShaderSort11 / HDRToneMappingCS11
    ("uint v;", "dword"),
    ("unsigned int v;", "dword"),
    ("uint2 v;", "uint2"),
    ("uint4 v;", "uint4"),
    ("int v;", "int"),
    ("float v;", "float"),
]


@pytest.mark.parametrize(("decl", "name"), _SCALAR_NAMES)
def test_uint_scalar_type_is_named_dword(decl: str, name: str):
    src = f"cbuffer c : register(b0) {{ {decl} }}\nRWBuffer<float> o : register(u0);\n" \
          "[numthreads(1,1,1)] void main() { o[0] = (float)v.x; }"
    r = _compile(src)
    assert r.constant_buffers[0].variables[0].type.name == name


@pytest.mark.parametrize(("elem", "name"), [("uint", "dword"), ("uint2", "uint2"), ("float", "float")])
def test_structured_element_type_name(elem: str, name: str):
    src = f"RWStructuredBuffer<{elem}> b : register(u0);\n[numthreads(1,1,1)] void main() {{ b[0] = ({elem})1; }}"
    r = _compile(src)
    (info,) = [c for c in r.constant_buffers if c.type == 3]
    assert info.variables[0].name == "$Element" and info.variables[0].type.name == name


_USERPACKED = [
    # (declaration, use, resource name, expected flags with / without register())
    ("Texture2D<float4> t{r};", "o[0] = t.Load(int3(0,0,0)).x;", "t", 12),
    ("Texture2D<float> t{r};", "o[0] = t.Load(int3(0,0,0));", "t", 0),
    ("StructuredBuffer<float> t{r};", "o[0] = t[0];", "t", 0),
    ("ByteAddressBuffer t{r};", "o[0] = asfloat(t.Load(0));", "t", 0),
    ("RWStructuredBuffer<float> t{r};", "t[0] = 1; o[0] = 0;", "t", 0),
    ("RWByteAddressBuffer t{r};", "t.Store(0, 1); o[0] = 0;", "t", 0),
    ("RWTexture2D<float2> t{r};", "t[uint2(0,0)] = 1; o[0] = 0;", "t", 4),
    ("SamplerState t{r}; Texture2D<float> x : register(t0);",
     "o[0] = x.SampleLevel(t, float2(0,0), 0);", "t", 0),
    ("SamplerComparisonState t{r}; Texture2D<float> x : register(t0);",
     "o[0] = x.SampleCmpLevelZero(t, float2(0,0), 0);", "t", 2),
]
_REGS = {"Texture2D": "t1", "StructuredBuffer": "t1", "ByteAddressBuffer": "t1", "RWStructuredBuffer": "u2",
         "RWByteAddressBuffer": "u2", "RWTexture2D": "u2", "SamplerState": "s1", "SamplerComparisonState": "s1"}


@pytest.mark.parametrize(("decl", "use", "name", "flags"), _USERPACKED)
@pytest.mark.parametrize("explicit", [True, False])
def test_explicit_register_sets_userpacked(decl: str, use: str, name: str, flags: int, explicit: bool):
    """D3D_SIF_USERPACKED (1) is or-ed into the bind flags exactly when register() placed the resource."""
    kind = decl.split("<")[0].split(" ")[0]
    reg = f" : register({_REGS[kind]})" if explicit else ""
    src = f"{decl.format(r=reg)}\nRWBuffer<float> o : register(u0);\n[numthreads(1,1,1)] void main() {{ {use} }}"
    r = _compile(src)
    (b,) = [b for b in r.bindings if b.name == name]
    assert b.flags == flags | (1 if explicit else 0)


def test_bind_info_buffers_follow_the_binding_order():
    """FluidCS11_IntegrateCS: the UAV declared first still comes after the SRVs, each group by register."""
    src = """struct P { float2 a; float2 b; };
RWStructuredBuffer<P> w : register(u0);
StructuredBuffer<float> s3 : register(t3);
StructuredBuffer<P> s1 : register(t1);
[numthreads(1,1,1)] void main() { P p = s1[0]; p.a.x += s3[0]; w[0] = p; }"""
    r = _compile(src)
    assert [b.name for b in r.bindings] == ["s1", "s3", "w"]
    assert [c.name for c in r.constant_buffers if c.type == 3] == ["s1", "s3", "w"]


def test_packoffset_variables_are_not_userpacked():
    """fxc's 2DQuadShaders_VS (packoffset(c0), c0.z, c0.w): variable flags are USED (2) or 0, no USERPACKED."""
    src = """cbuffer c : register(b0) { int2 a : packoffset(c0); int b : packoffset(c0.z); int d : packoffset(c0.w); }
RWBuffer<int> o : register(u0);
[numthreads(1,1,1)] void main() { o[0] = a.y + b; }"""
    r = _compile(src)
    assert [(v.name, v.flags) for v in r.constant_buffers[0].variables] == [("a", 2), ("b", 2), ("d", 0)]
