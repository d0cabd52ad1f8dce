"""Constant buffers and bindings as fxc reflects them: static cbuffer members, hull-shader
patch-constant functions, explicitly bound unused cbuffers, multi-dimensional arrays, array sizes given
by constant expressions, struct inheritance, one-component broadcasting and packoffset on samplers.

Expected offsets/sizes are worked out by hand from the SM4 packing rules (spec-facts §5: 16-byte
registers, a member never straddles one, arrays/structs start a register) or read from fxc listings in
the dxbc-corpus; execution checks bind hand-built constant data and compare with a value computed here."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import D3D11Error
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.reflection import D3DReflect


def compile_(src: str, target: str = "ps_5_0", entry: str = "main") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, target))


def cbuffers(blob: bytes) -> dict[str, tuple[int, list[tuple]]]:
    """name -> (size, [(variable, offset, size, used, elements)])."""
    r = D3DReflect(blob)
    out = {}
    for i in range(r.GetDesc().ConstantBuffers):
        cb = r.GetConstantBufferByIndex(i)
        d = cb.GetDesc()
        vs = []
        for k in range(d.Variables):
            v = cb.GetVariableByIndex(k)
            vd = v.GetDesc()
            vs.append((vd.Name, vd.StartOffset, vd.Size, bool(vd.uFlags & 2), v.GetType().GetDesc().Elements))
        out[d.Name] = (d.Size, vs)
    return out


def cb_bindings(blob: bytes) -> dict[str, int]:
    r = D3DReflect(blob)
    out = {}
    for i in range(r.GetDesc().BoundResources):
        b = r.GetResourceBindingDesc(i)
        if b.Type == 0:  # D3D_SIT_CBUFFER
            out[b.Name] = b.BindPoint
    return out


def run_ps(blob: bytes, cbs: dict[int, np.ndarray] | None = None) -> np.ndarray:
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    b = Bindings()
    for slot, data in (cbs or {}).items():
        b.set_cbuffer(slot, np.ascontiguousarray(data))
    return run_program(decode_program(chunk.data), 1, bindings=b).outputs[0].view(np.float32)[0]


# --- static members of a cbuffer ------------------------------------------------------------------------------
def test_cbuffer_of_only_static_members_is_no_constant_buffer():
    """NBodyGravityCS11 ParticleDraw.hlsl: cb1 { static float g_fParticleRad = 10; } is not reflected."""
    blob = compile_("""
    cbuffer cb0 { float4 scale; };
    cbuffer cb1 { static float rad = 10.0f; };
    cbuffer cbImmutable { static float2 uv[2] = { float2(0.25, 0.5), float2(0.75, 1.0) }; };
    float4 main() : SV_Target { return scale * rad + float4(uv[1], uv[0]); }""")
    assert set(cbuffers(blob)) == {"cb0"}
    assert cb_bindings(blob) == {"cb0": 0}
    out = run_ps(blob, {0: np.float32([1, 2, 3, 4])})
    np.testing.assert_array_equal(out, np.float32([10 + 0.75, 20 + 1.0, 30 + 0.25, 40 + 0.5]))


def test_static_member_takes_no_space_in_the_layout():
    """VarianceShadows11 cbAllShadowData: a static array between members does not shift what follows
    (fxc: m_vLightDir right after the float4[2] at 544 -> 576)."""
    blob = compile_("""
    cbuffer cbShadow {
        float4 depths[2];
        static float flat[8] = (float[8])depths;
        float3 lightDir;
        float pad;
    };
    float4 main() : SV_Target { return float4(lightDir, pad); }""")
    size, vs = cbuffers(blob)["cbShadow"]
    assert [(v[0], v[1], v[2]) for v in vs] == [("depths", 0, 32), ("lightDir", 32, 12), ("pad", 44, 4)]
    assert size == 48
    assert [v[3] for v in vs] == [False, True, True]
    data = np.arange(12, dtype=np.float32)
    np.testing.assert_array_equal(run_ps(blob, {0: data}), data[8:12])


def test_static_member_initialiser_reads_the_buffer():
    blob = compile_("""
    cbuffer cb { float4 a; static float4 twice = a * 2; float4 b; };
    float4 main() : SV_Target { return twice + b; }""")
    data = np.float32([1, 2, 3, 4, 10, 20, 30, 40])
    np.testing.assert_array_equal(run_ps(blob, {0: data}), data[:4] * 2 + data[4:])
    assert [v[:2] for v in cbuffers(blob)["cb"][1]] == [("a", 0), ("b", 16)]


# --- hull shader: the patch-constant function's buffers are used ---------------------------------------------
_HS = """
cbuffer cbMain : register(b0) { float tess; float pad; };
cbuffer cbOther : register(b1) { float4 other; };
struct cp { float4 pos : POS; };
struct pcd { float edges[2] : SV_TessFactor; };
pcd patch_constant(InputPatch<cp, 2> p) { pcd o; o.edges[0] = tess; o.edges[1] = tess; return o; }
[domain("isoline")] [outputcontrolpoints(2)] [partitioning("integer")] [outputtopology("line")]
[patchconstantfunc("patch_constant")]
cp main(InputPatch<cp, 2> p, uint i : SV_OutputControlPointID) { return p[i]; }
"""


def test_hull_shader_counts_buffers_read_by_the_patch_constant_function():
    """DecalTessellation11_HS / SubD11_HS etc.: fxc reflects the cbuffers only the patch-constant
    function reads."""
    cbs = cbuffers(compile_(_HS, "hs_5_0"))
    assert set(cbs) == {"cbMain"}
    assert cbs["cbMain"][1] == [("tess", 0, 4, True, 0), ("pad", 4, 4, False, 0)]


# --- explicitly bound unused cbuffers -----------------------------------------------------------------------
_EXPLICIT = """
Texture2D t_0 : register(t0);
Texture2D t_1 : register(t1);
SamplerState s_used : register(s0);
%s
cbuffer c0 : register(b0) { float4 x0; };
cbuffer c1 : register(b1) { float4 x1; };
cbuffer c2 : register(b2) { float4 x2; };
cbuffer c3 : register(b3) { float4 x3; };
float4 main(float2 uv : TEXCOORD) : SV_Target { return x2 + %s; }
"""
_SPARE_SAMPLER = "SamplerState s_spare : register(s1);"
_BOTH = "t_0.Sample(s_used, uv) + t_1.Sample(s_used, uv)"


def test_unused_sampler_does_not_keep_explicit_cbuffers():
    """d3dcompiler_47 (fxc 10.1) binds no constant buffer the shader reads nothing from, explicit register or
    not: DXDecompiler's SubD11_PS.o (t0..t2 and b2 used, a second sampler unused) has cbPerFrame at b2 alone.
    (d3dcompiler_46, fxc 9.30, kept b0 and b1 here: tests/test_hlsl_slimshader.py D3DCOMPILER_46_KEEPS_UNUSED.)"""
    blob = compile_(_EXPLICIT % (_SPARE_SAMPLER, _BOTH))
    assert cb_bindings(blob) == {"c2": 2}
    assert cbuffers(blob)["c2"][1] == [("x2", 0, 16, True, 0)]
    assert cb_decls(blob) == {2: 1}


def test_no_kept_cbuffer_in_any_stage():
    """DXDecompiler's SubD11_DS.o (t0/s0 used, a sampler unused): its unused b0 is gone too; likewise a vertex
    shader with or without objects."""
    src = _SPARE_SAMPLER + """
    Texture2D t_0 : register(t0);
    SamplerState s_used : register(s0);
    cbuffer c0 : register(b0) { float4 x0; };
    cbuffer c2 : register(b2) { float4 x2; };
    float4 main(float2 uv : TEXCOORD) : SV_Position { return x2 + %s; }"""
    assert cb_bindings(compile_(src % "t_0.SampleLevel(s_used, uv, 0)", "vs_5_0")) == {"c2": 2}
    assert cb_bindings(compile_(src % "0", "vs_5_0")) == {"c2": 2}
    assert cb_bindings(compile_(_EXPLICIT % (_SPARE_SAMPLER, "t_0.Sample(s_used, uv)"))) == {"c2": 2}


def test_all_samplers_used_drops_unused_explicit_cbuffers():
    """DDSWithoutD3DX_PS / DecalTessellation11_PS: every declared sampler is used, the unused buffers dropped."""
    blob = compile_(_EXPLICIT % ("", _BOTH))
    assert cb_bindings(blob) == {"c2": 2}


def test_shader_reads_its_value_from_the_used_buffer():
    """Only b2 is declared and read (the unbound textures load as zero)."""
    blob = compile_(_EXPLICIT % (_SPARE_SAMPLER, "t_0.Load(int3(0, 0, 0)) + t_1.Load(int3(0, 0, 0))"))
    assert set(cb_bindings(blob)) == {"c2"}
    data = np.float32([5, 6, 7, 8])
    np.testing.assert_array_equal(run_ps(blob, {2: data}), data)


def test_pixel_shader_with_no_explicit_cbuffer_used_drops_them_all():
    """DDSWithoutD3DX_PS / Skybox11_PS: nothing read -> no cbuffer reflected."""
    blob = compile_("""
    cbuffer c0 : register(b0) { float4 x0; };
    float4 main() : SV_Target { return 1; }""")
    assert cb_bindings(blob) == {}


# --- arrays: multi-dimensional reflection and constant-expression sizes --------------------------------------
def test_multidimensional_array_reflects_flattened_element_count():
    """AdaptiveTessellationCS40 cbNeverChanges: uint4 a[MAX/2+1][MAX/2+2] with MAX=16 is 90 elements
    of 16 bytes (fxc: Size 1440)."""
    blob = compile_("""
    #define MAX_FACTOR 16
    cbuffer cbNeverChanges { uint4 inside[MAX_FACTOR / 2 + 1][MAX_FACTOR / 2 + 2]; uint4 outside[2][3]; };
    uint4 main(uint i : I) : SV_Target { return inside[i][1] + outside[1][2]; }""")
    size, vs = cbuffers(blob)["cbNeverChanges"]
    assert [(v[0], v[1], v[2], v[4]) for v in vs] == [("inside", 0, 9 * 10 * 16, 90), ("outside", 1440, 96, 6)]
    assert size == 1440 + 96


@pytest.mark.parametrize(("decl", "n"), [
    ("static const int size = 3; float4 arr[size * 2];", 6),
    ("static const uint2 dims = uint2(2, 5); float4 arr[dims.y - dims.x];", 3),
    ("static const float f[3] = {1.5, 4.9, 2}; float4 arr[f[1]];", 4),  # float sizes truncate
    ("static const struct { float a; float2x3 m[2]; } s = {0, 1,1,1,1,1,1, 1,1,1,1,7,1};"
     " float4 arr[s.m[1]._13_22_21.zxy.z];", 7),
    # no `?:` here: fxc does not fold a conditional in an array dimension (X3058, DXC SemaHLSL const-expr.hlsl)
    ("static const int k = 2; static const int j = k << 2; float4 arr[j % 5 + (k >> 1)];", 4),
])
def test_array_size_from_a_constant_expression(decl: str, n: int):
    blob = compile_(decl + " float4 main(uint i : I) : SV_Target { return arr[i]; }")
    size, vs = cbuffers(blob)["$Globals"]
    assert vs[0][0] == "arr" and vs[0][4] == n and vs[0][2] == 16 * n


def test_array_size_that_is_not_constant_is_x3058():
    with pytest.raises(D3D11Error, match="X3058"):
        compile_("float n; float4 arr[n]; float4 main() : SV_Target { return arr[0]; }")


def test_array_sized_by_static_const_reads_the_right_element():
    """vkd3d array-size-expr: static const int size = 8; static const float array[size] = {...}."""
    blob = compile_("""
    static const int size = 4;
    static const float array[size] = {.1, .2, .3, .4};
    float4 main() : SV_Target { return float4(array[1], array[2], array[3], array[0]); }""")
    np.testing.assert_array_equal(run_ps(blob), np.float32([.2, .3, .4, .1]))


# --- struct inheritance --------------------------------------------------------------------------------------
_INHERIT = """
struct a { float4 aa; float4 bb; };
struct b : a { float4 cc; };
struct c : b { float4 bb; };
c data;
float4 main() : SV_Target { return %s; }
"""


def test_derived_struct_lays_out_base_fields_first_and_shadows_by_name():
    blob = compile_(_INHERIT % "data.aa + data.bb + data.cc")
    size, vs = cbuffers(blob)["$Globals"]
    assert vs == [("data", 0, 64, True, 0)] and size == 64
    data = np.float32([1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4])
    # data.bb is c's own field (register 3), not a.bb (register 1)
    np.testing.assert_array_equal(run_ps(blob, {0: data}), np.float32([1, 0, 3, 4]))


def test_struct_member_layout_in_reflection_includes_inherited_members():
    """The inherited members sit in a ``$super`` member of the base type (nested per level), the base type is also
    GetBaseClass: d3dcompiler_47 10.1's reflection of its own object of this source under Wine (session 39; this
    test expected the flattened list aa, bb, cc, bb before)."""
    r = D3DReflect(compile_(_INHERIT % "data.cc"))
    t = r.GetConstantBufferByIndex(0).GetVariableByIndex(0).GetType()
    names = [t.GetMemberTypeName(i) for i in range(t.GetDesc().Members)]
    offsets = [t.GetMemberTypeByIndex(i).GetDesc().Offset for i in range(t.GetDesc().Members)]
    assert names == ["$super", "bb"] and offsets == [0, 48]
    sup = t.GetMemberTypeByIndex(0)
    assert sup.GetDesc().Name == "b" and t.GetBaseClass().GetDesc().Name == "b"
    assert [sup.GetMemberTypeName(i) for i in range(sup.GetDesc().Members)] == ["$super", "cc"]
    inner = sup.GetMemberTypeByIndex(0)
    assert [(inner.GetMemberTypeName(i), inner.GetMemberTypeByIndex(i).GetDesc().Offset)
            for i in range(inner.GetDesc().Members)] == [("aa", 0), ("bb", 16)]


@pytest.mark.parametrize("decl", [
    "struct a { float4 x; }; struct b { float4 y; }; struct c : a, b { float4 z; };",
    "struct a : float4 { float4 x; };",
    "struct a : Buffer<float> { float4 x; };",
])
def test_invalid_struct_bases_fail(decl: str):
    with pytest.raises(D3D11Error):
        compile_(decl + " float4 main() : SV_Target { return 0; }")


def test_redefining_an_own_field_still_fails():
    with pytest.raises(D3D11Error, match="X3003"):
        compile_("struct a { float x; float x; }; float4 main() : SV_Target { return 0; }")


# --- one-component operands broadcast; packoffset on samplers; 'single' ---------------------------------------
def test_float1_operand_broadcasts_like_a_scalar():
    """cbuffer.shader_test: float4 a, float1 b, c -> 100 * a + 10 * b + c is a float4."""
    blob = compile_("""
    cbuffer buffer { float4 a : packoffset(c1); float1 b : packoffset(c0); float1 c : packoffset(c0.y); }
    float4 main() : SV_Target { return 100 * a + 10 * b + c; }""")
    data = np.float32([1, 2, 0, 0, 5, 6, 7, 8])
    expect = np.float32(100) * data[4:8] + np.float32(10) * data[0] + data[1]
    np.testing.assert_array_equal(run_ps(blob, {0: data}), expect)


def test_used_sampler_with_packoffset_and_no_register_fails():
    src = """Texture2D tex;
    cbuffer buffer { sampler sam : packoffset(c1)%s; }
    float4 main() : SV_Target { return %s; }"""
    with pytest.raises(D3D11Error, match="X4509"):  # d3dcompiler_47 10.1 (session 46 MUT; was X3530 at once)
        compile_(src % ("", "tex.Sample(sam, float2(0, 0))"))
    compile_(src % (" : register(s0)", "tex.Sample(sam, float2(0, 0))"))
    compile_(src % ("", "0"))


def test_single_is_a_type_after_typedef():
    with pytest.raises(D3D11Error):
        compile_("typedef float4 single; single cbuffer cb { float4 v; }; float4 main() : SV_Target { return v; }")
    blob = compile_("single cbuffer cb { float4 v; }; float4 main() : SV_Target { return v; }")
    assert set(cbuffers(blob)) == {"cb"}


# --- uniform structs holding objects ---------------------------------------------------------------------------
def test_struct_with_a_texture_in_a_cbuffer_binds_the_texture_by_its_path():
    """cbuffer.shader_test: struct apple { float2 a; Texture2D tex; float b; } bar : packoffset(c1) ->
    bar.a at c1.xy, bar.b at c1.z (the texture takes no space), bar.tex a texture of its own; the
    unused baz's texture is not bound."""
    blob = compile_("""
    struct apple { float2 a; Texture2D tex; float b; };
    cbuffer buffer {
        float4 foo : packoffset(c3);
        struct apple bar : packoffset(c1);
        struct apple baz : packoffset(c2);
    }
    float4 main() : SV_Target { return 10 * foo + float4(bar.a, bar.b, 0) + bar.tex.Load(int3(0, 0, 0)); }""")
    r = D3DReflect(blob)
    binds = {}
    for i in range(r.GetDesc().BoundResources):
        b = r.GetResourceBindingDesc(i)
        binds[b.Name] = (b.Type, b.BindPoint)
    assert binds == {"bar.tex": (2, 0), "buffer": (0, 0)}  # D3D_SIT_TEXTURE, D3D_SIT_CBUFFER
    vs = {v[0]: v[1:4] for v in cbuffers(blob)["buffer"][1]}
    assert vs == {"foo": (48, 16, True), "bar": (16, 12, True), "baz": (32, 12, False)}


@pytest.mark.parametrize(("decls", "body", "expect"), [
    ("float4 a; float4 b : register(c0);", "a + b", {"a": 16, "b": 0}),  # a skips the reserved c0
    ("float4 a[3]; float4 b[2] : register(c1);", "a[1] + b[0]", {"a": 48, "b": 16}),  # a does not fit below c1
    ("float a : register(c2); float b;", "a + b", {"a": 32, "b": 36}),  # packing goes on after a reservation
])
def test_globals_packing_around_register_reservations(decls: str, body: str, expect: dict):
    from pyd3d11.d3dcompiler import D3DCompile, D3DReflect

    src = f"{decls} float4 main() : SV_Target {{ return {body}; }}"
    r = D3DReflect(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_4_0"))
    cb = r.GetConstantBufferByName("$Globals")
    assert {n: cb.GetVariableByName(n).GetDesc().StartOffset for n in expect} == expect


# --- declared sizes and used flags follow the optimised code -------------------------------------------------
def cb_decls(blob: bytes) -> dict[int, int]:
    """slot -> registers of its ``dcl_constantbuffer cbN[size]``."""
    import re

    from pyd3d11.shader.dxbc.disasm import disassemble

    return {int(m[0]): int(m[1]) for m in re.findall(r"^dcl_constantbuffer cb(\d+)\[(\d+)\]", disassemble(blob), re.M)}


def test_declared_size_is_one_past_the_highest_register_read():
    """fxc declares cb0[3] for a buffer of 5 registers whose code reads up to c2 (ContactHardeningShadows11:
    cb0[10] of 11), so a smaller bound buffer that covers c2 is enough."""
    blob = compile_("""
    cbuffer c : register(b0) { float4 a; float4 b; float4 c; float4 d; float4 e; };
    float4 main() : SV_Target { return a + c; }""")
    assert cb_decls(blob) == {0: 3}
    data = np.float32([1, 2, 3, 4, 0, 0, 0, 0, 10, 20, 30, 40])
    np.testing.assert_array_equal(run_ps(blob, {0: data}), np.float32([11, 22, 33, 44]))


def test_dynamic_index_reaches_the_last_element_read():
    """SubD11_VS_PatchSkinning: ``float4x4 m[80]`` (column-major: one register per column) indexed at run
    time with columns 0..2 read -> cb1[319] (= 79 * 4 + 2 + 1); ``after`` is not declared."""
    blob = compile_("""
    cbuffer c : register(b1) { float4x4 m[80]; float4 after; };
    float4 main(uint i : I, float3 p : P) : SV_Target { return mul(float4(p, 1), m[i]); }""")
    assert cb_decls(blob) == {1: 320}  # all four columns: 79 * 4 + 3 + 1
    blob = compile_("""
    cbuffer c : register(b1) { float4x4 m[80]; float4 after; };
    float4 main(uint i : I, float3 p : P) : SV_Target { return float4(mul(p, (float3x3)m[i]), 0); }""")
    assert cb_decls(blob) == {1: 319}


def test_variable_read_only_by_removed_code_is_reflected_unused():
    """CascadedShadowMaps11: with BLEND_BETWEEN_CASCADE_LAYERS_FLAG 0, ``if (FLAG && …) { … m_fCascadeBlendArea …}``
    leaves no read of the variable; fxc flags it unused while its neighbours stay used."""
    blob = compile_("""
    #define FLAG 0
    cbuffer c : register(b0) { float4 a; float blend; float3 b; };
    float4 main(float x : X) : SV_Target {
        float4 r = a;
        if (FLAG && x > 0) r += blend;
        return r + b.x;
    }""")
    used = {v[0]: v[3] for v in cbuffers(blob)["c"][1]}
    assert used == {"a": True, "blend": False, "b": True}
    assert cb_decls(blob) == {0: 2}


def test_unused_cbuffer_never_shares_a_slot_with_another_buffer():
    """Several entry points in one file reuse b0 (peer_bench's CBMesh and CBSaxpy): the compute shader
    reads CBSaxpy@b0 and uses t0/u0 while the file's sampler is unused — CBMesh is not bound, and two unused
    buffers at one slot bind nothing."""
    src = """
    cbuffer CBMesh : register(b0) { float4x4 mvp; };
    SamplerState spare : register(s0);
    cbuffer CBSaxpy : register(b0) { float a; };
    Buffer<float> Src : register(t0);
    RWBuffer<float> Dst : register(u0);
    [numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { Dst[id.x] = a * Src[id.x] + Dst[id.x]; }"""
    blob = compile_(src, "cs_5_0")
    assert cb_bindings(blob) == {"CBSaxpy": 0}
    assert cb_decls(blob) == {0: 1}
    two_unused = """
    cbuffer A : register(b0) { float4 x; };
    cbuffer B : register(b0) { float4 y; };
    Texture2D t : register(t0);
    SamplerState used : register(s0);
    SamplerState spare : register(s1);
    float4 main(float2 uv : UV) : SV_Target { return t.Sample(used, uv); }"""
    assert cb_bindings(compile_(two_unused)) == {}
