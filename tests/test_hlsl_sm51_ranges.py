"""Shader model 5.1: a resource array is one register range, declared once — so the range's declaration and its
reflection binding describe every element of it.

Sources: MicrosoftDocs direct3d12 "Resource binding in HLSL", "Bytecode changes in SM5.1": "each ID (such as 't1')
is unambiguously associated with a single declaration that describes the required resource information"; "the
order of reflection resource bindings … and shader declaration instructions (dcl_*) is the same". A structured UAV
whose hidden counter is used is declared ``dcl_uav_structured_opc`` (the D3D11.3 functional spec §5.3.2.8: the
declaration's "has order-preserving counter" flag; "dcl_uav_structured (sm5 - asm)") and reflected as
D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER; ``globallycoherent`` is the declaration's ``_glc`` flag. A range is one
declaration, so it carries the flag when any element needs it, and its one binding has the counter type then.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DDisassemble, D3DReflect
from pyd3d11.headers.guids import IID_ID3D12ShaderReflection
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent

RW, WITH_COUNTER = 6, 11  # D3D_SIT_UAV_RWSTRUCTURED, D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER
CS = "[numthreads(1, 1, 1)] void main(uint i : SV_DispatchThreadID) {{ {body} }}"


def _compile(src: str, target: str = "cs_5_1") -> bytes:
    out = D3DCompile(src.encode(), None, None, None, None, "main", target, 0, 0)
    out = out[0] if isinstance(out, tuple) else out
    return bytes(out.GetBufferPointer())[: out.GetBufferSize()]


def _bindings(blob: bytes) -> list[tuple]:
    r = D3DReflect(blob, None, IID_ID3D12ShaderReflection)
    return [(d.Name, int(d.Type), d.BindPoint, d.BindCount, d.uID)
            for d in (r.GetResourceBindingDesc(i) for i in range(r.GetDesc().BoundResources))]


def _uav_decls(blob: bytes) -> list[str]:
    out = D3DDisassemble(blob, None, 0, None)
    out = out[0] if isinstance(out, tuple) else out
    text = bytes(out.GetBufferPointer())[: out.GetBufferSize()].decode("utf-8", "replace")
    return [ln.strip() for ln in text.splitlines() if ln.startswith("dcl_uav")]


SB2 = "RWStructuredBuffer<uint> a[2] : register(u0);\nRWStructuredBuffer<uint> c : register(u2);\n"

# (name, source, the range's binding type, the UAV declarations)
CASES = [
    ("counter on element 0", SB2 + CS.format(body="a[0].IncrementCounter(); a[1][0] = 1; c[0] = 2;"), WITH_COUNTER,
     ["dcl_uav_structured_opc U0[0:1], 4, space=0", "dcl_uav_structured U1[2:2], 4, space=0"]),
    ("counter on element 1", SB2 + CS.format(body="a[1].IncrementCounter(); a[0][0] = 1; c[0] = 2;"), WITH_COUNTER,
     ["dcl_uav_structured_opc U0[0:1], 4, space=0", "dcl_uav_structured U1[2:2], 4, space=0"]),
    ("decrement on element 1", SB2 + CS.format(body="a[1].DecrementCounter(); a[0][0] = 1; c[0] = 2;"),
     WITH_COUNTER, ["dcl_uav_structured_opc U0[0:1], 4, space=0", "dcl_uav_structured U1[2:2], 4, space=0"]),
    ("no counter", SB2 + CS.format(body="a[1][0] = 3; a[0][0] = 1; c[0] = 2;"), RW,
     ["dcl_uav_structured U0[0:1], 4, space=0", "dcl_uav_structured U1[2:2], 4, space=0"]),
    ("counter outside the array", SB2 + CS.format(body="a[1][0] = 3; a[0][0] = 1; c.IncrementCounter();"), RW,
     ["dcl_uav_structured U0[0:1], 4, space=0", "dcl_uav_structured_opc U1[2:2], 4, space=0"]),
    ("globallycoherent array", "globallycoherent " + SB2 + CS.format(body="a[1][0] = 3; a[0][0] = 1; c[0] = 2;"),
     RW, ["dcl_uav_structured_glc U0[0:1], 4, space=0", "dcl_uav_structured U1[2:2], 4, space=0"]),
]


@pytest.mark.parametrize("name,src,kind,decls", CASES, ids=[c[0] for c in CASES])
def test_a_uav_range_declares_what_any_element_needs(name, src, kind, decls):
    blob = _compile(src)
    assert _uav_decls(blob) == decls
    b = _bindings(blob)
    assert b[0] == ("a", kind, 0, 2, 0)
    assert b[1][:2] == ("c", WITH_COUNTER if "_opc U1" in decls[1] else RW)


@pytest.mark.parametrize("name,src,kind,decls", CASES[:2], ids=[c[0] for c in CASES[:2]])
def test_at_5_0_each_element_keeps_its_own_declaration(name, src, kind, decls):
    """The 5.0 form the 5.1 ranges are made from: one declaration per register, the counter only on the element
    whose counter is used (so the 5.1 rule above is a merge, not a property of the 5.0 program)."""
    blob = _compile(src, "cs_5_0")
    used = 0 if "a[0].Inc" in src else 1
    got = {ln.split()[1].rstrip(","): ln.split()[0] for ln in _uav_decls(blob)}
    assert got[f"u{used}"] == "dcl_uav_structured_opc" and got[f"u{1 - used}"] == "dcl_uav_structured"


# --- unbounded descriptor tables need D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES ------------------------------
# fxc's /enable_unbounded_descriptor_tables; without it an unbounded array of descriptors is X3596 (the error a 5.1
# dynamic-indexing program got from D3DCompileFromFile without the flag: microsoft/DirectX-Graphics-Samples issue
# 509). "An array resource may have an unbounded size, which is declared by specifying the very first dimension to
# be empty or 0" ("Resource binding in HLSL"), for every kind of descriptor: SRV, UAV, sampler, ConstantBuffer<T>.
UNBOUNDED_TABLES = 0x00100000  # D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES
PSRET = "float4 main() : SV_Target {{ return {ret}; }}"
S = "struct S { float4 a; };\n"
UNBOUNDED = [
    ("texture", "Texture2D t[] : register(t0);\n" + PSRET.format(ret="t[2].Load(0)")),
    ("texture, 0 as the first size", "Texture2D t[0] : register(t0);\n" + PSRET.format(ret="t[2].Load(0)")),
    ("texture array of arrays", "Texture2D t[][3] : register(t0, space1);\n" + PSRET.format(ret="t[1][2].Load(0)")),
    ("unused texture", "Texture2D t[] : register(t0);\n" + PSRET.format(ret="0")),
    ("sampler", "SamplerState s[] : register(s0); Texture2D t;\n" + PSRET.format(ret="t.Sample(s[1], 0.5)")),
    ("UAV", "RWBuffer<float4> u[] : register(u1);\n" + PSRET.format(ret="u[3][0]")),
    ("ConstantBuffer<S>", S + "ConstantBuffer<S> c[] : register(b0, space2);\n" + PSRET.format(ret="c[1].a")),
    ("unused ConstantBuffer<S>", S + "ConstantBuffer<S> c[] : register(b0, space2);\n" + PSRET.format(ret="0")),
]


def _error(src: str, target: str, flags: int) -> str | None:
    try:
        D3DCompile(src.encode(), None, None, None, None, "main", target, flags, 0)
    except Exception as e:  # noqa: BLE001 - the error's text is the result
        return str(getattr(e, "errors", "") or e)
    return None


@pytest.mark.parametrize("name,src", UNBOUNDED, ids=[u[0] for u in UNBOUNDED])
def test_unbounded_arrays_need_the_unbounded_descriptor_tables_flag(name, src):
    err = _error(src, "ps_5_1", 0)
    assert err is not None and "error X3596" in err and "E_NOTIMPL" not in err
    assert _error(src, "ps_5_1", UNBOUNDED_TABLES) is None


def test_bounded_arrays_need_no_flag():
    for src in ("Texture2D t[4] : register(t0);\n" + PSRET.format(ret="t[2].Load(0)"),
                S + "ConstantBuffer<S> c[2] : register(b0);\n" + PSRET.format(ret="c[1].a")):
        assert _error(src, "ps_5_1", 0) is None


def test_with_the_flag_unbounded_constant_buffer_arrays_read_at_run_time_compile():
    src = (S + "ConstantBuffer<S> cb[] : register(b1);\nuniform uint n;\n" + PSRET.format(ret="cb[n].a"))
    assert _error(src, "ps_5_1", UNBOUNDED_TABLES) is None


#: the pixel shader of "Dynamic Indexing using HLSL 5.1" (the D3D12DynamicIndexing sample), which the page compiles
#: with ``fxc /Zi /E"PSSceneMain" /Od /ps"_5_1" /enable_unbounded_descriptor_tables``: "to make use of unbounded
#: arrays, the /enable_unbounded_descriptor_tables flag must also be used"
DYNAMIC_INDEXING_PS = """Texture2D g_txDiffuse : register(t0);
Texture2D g_txMats[] : register(t1);
SamplerState g_sampler : register(s0);
struct PSSceneIn { float4 pos : SV_Position; float2 tex : TEXCOORD0; };
struct MaterialConstants { uint matIndex; };
ConstantBuffer<MaterialConstants> materialConstants : register(b0, space0);
float4 PSSceneMain(PSSceneIn input) : SV_Target
{
    float3 diffuse = g_txDiffuse.Sample(g_sampler, input.tex).rgb;
    float3 mat = g_txMats[materialConstants.matIndex].Sample(g_sampler, input.tex).rgb;
    return float4(diffuse * mat, 1.0f);
}
"""


def test_the_dynamic_indexing_page_program_needs_the_flag():
    def compile_(flags: int) -> str | None:
        try:
            D3DCompile(DYNAMIC_INDEXING_PS.encode(), None, None, None, None, "PSSceneMain", "ps_5_1", flags, 0)
        except Exception as e:  # noqa: BLE001
            return str(getattr(e, "errors", "") or e)
        return None

    skip_opt_debug = 0x4 | 0x1  # D3DCOMPILE_SKIP_OPTIMIZATION (/Od), D3DCOMPILE_DEBUG (/Zi)
    assert compile_(skip_opt_debug | UNBOUNDED_TABLES) is None
    assert "error X3596" in compile_(skip_opt_debug)
