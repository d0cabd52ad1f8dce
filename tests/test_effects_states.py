"""Effect state blocks: every state name of MicrosoftDocs "Effect State Groups" (Direct3D 10/11 effect
states: BlendState, DepthStencilState, RasterizerState, SamplerState) and each of its named values, written
in an fx_5_0 source, must land in the D3D11 description field the docs name with the d3d11.h value of the
same name (the expected values come from pyd3d11.d3d11's header constants, not from the effect tables).
Unassigned fields keep FX11's block defaults (EffectNonRuntime.cpp constructors, listed here by hand)."""

from __future__ import annotations

import pytest

import pyd3d11.d3d11 as d3d
from pyd3d11 import quick_device
from pyd3d11.effects import D3DX11CompileEffectFromMemory
from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


@pytest.fixture(scope="module")
def device():
    return quick_device()[0]


def backing(device, kind: str, body: str, name: str = "s"):
    src = f"{kind} {name} {{ {body} }};\n"
    eff = D3DX11CompileEffectFromMemory(src, len(src), "states.fx", None, None, 0, 0, device)
    var = eff.GetVariableByName(name)
    iface = {"BlendState": var.AsBlend, "DepthStencilState": var.AsDepthStencil,
             "RasterizerState": var.AsRasterizer, "SamplerState": var.AsSampler}[kind]()
    assert iface.IsValid()
    return iface.GetBackingStore(0)


_CMP = ["NEVER", "LESS", "EQUAL", "LESS_EQUAL", "GREATER", "NOT_EQUAL", "GREATER_EQUAL", "ALWAYS"]
_STENCIL_OP = ["KEEP", "ZERO", "REPLACE", "INCR_SAT", "DECR_SAT", "INVERT", "INCR", "DECR"]
_BLEND = ["ZERO", "ONE", "SRC_COLOR", "INV_SRC_COLOR", "SRC_ALPHA", "INV_SRC_ALPHA", "DEST_ALPHA", "INV_DEST_ALPHA",
          "DEST_COLOR", "INV_DEST_COLOR", "SRC_ALPHA_SAT", "BLEND_FACTOR", "INV_BLEND_FACTOR", "SRC1_COLOR",
          "INV_SRC1_COLOR", "SRC1_ALPHA", "INV_SRC1_ALPHA"]
_BLEND_OP = ["ADD", "SUBTRACT", "REV_SUBTRACT", "MIN", "MAX"]
_ADDRESS = ["WRAP", "MIRROR", "CLAMP", "BORDER", "MIRROR_ONCE"]
_FILTER = ["MIN_MAG_MIP_POINT", "MIN_MAG_POINT_MIP_LINEAR", "MIN_POINT_MAG_LINEAR_MIP_POINT",
           "MIN_POINT_MAG_MIP_LINEAR", "MIN_LINEAR_MAG_MIP_POINT", "MIN_LINEAR_MAG_POINT_MIP_LINEAR",
           "MIN_MAG_LINEAR_MIP_POINT", "MIN_MAG_MIP_LINEAR", "ANISOTROPIC", "COMPARISON_MIN_MAG_MIP_POINT",
           "COMPARISON_MIN_MAG_POINT_MIP_LINEAR", "COMPARISON_MIN_POINT_MAG_LINEAR_MIP_POINT",
           "COMPARISON_MIN_POINT_MAG_MIP_LINEAR", "COMPARISON_MIN_LINEAR_MAG_MIP_POINT",
           "COMPARISON_MIN_LINEAR_MAG_POINT_MIP_LINEAR", "COMPARISON_MIN_MAG_LINEAR_MIP_POINT",
           "COMPARISON_MIN_MAG_MIP_LINEAR", "COMPARISON_ANISOTROPIC"]

# (block kind, state name, [index], value spelling, desc path, expected value)
CASES: list[tuple] = []
for v in ["WIREFRAME", "SOLID"]:
    CASES.append(("RasterizerState", "FillMode", None, v, "FillMode", getattr(d3d, f"D3D11_FILL_{v}")))
for v in ["NONE", "FRONT", "BACK"]:
    CASES.append(("RasterizerState", "CullMode", None, v, "CullMode", getattr(d3d, f"D3D11_CULL_{v}")))
for f in ["FrontCounterClockwise", "DepthClipEnable", "ScissorEnable", "MultisampleEnable", "AntialiasedLineEnable"]:
    for spelled, want in (("TRUE", 1), ("FALSE", 0), ("true", 1), ("false", 0)):
        CASES.append(("RasterizerState", f, None, spelled, f, want))
CASES += [("RasterizerState", "DepthBias", None, "7", "DepthBias", 7),
          ("RasterizerState", "DepthBiasClamp", None, "0.25", "DepthBiasClamp", 0.25),
          ("RasterizerState", "SlopeScaledDepthBias", None, "-1.5", "SlopeScaledDepthBias", -1.5)]
for f in ["DepthEnable", "StencilEnable"]:
    for spelled, want in (("TRUE", 1), ("FALSE", 0)):
        CASES.append(("DepthStencilState", f, None, spelled, f, want))
for v in ["ZERO", "ALL"]:
    CASES.append(("DepthStencilState", "DepthWriteMask", None, v, "DepthWriteMask",
                  getattr(d3d, f"D3D11_DEPTH_WRITE_MASK_{v}")))
for v in _CMP:
    want = getattr(d3d, f"D3D11_COMPARISON_{v}")
    CASES.append(("DepthStencilState", "DepthFunc", None, v, "DepthFunc", want))
    CASES.append(("DepthStencilState", "FrontFaceStencilFunc", None, v, "FrontFace.StencilFunc", want))
    CASES.append(("DepthStencilState", "BackFaceStencilFunc", None, v, "BackFace.StencilFunc", want))
    CASES.append(("SamplerState", "ComparisonFunc", None, v, "ComparisonFunc", want))
for v in _STENCIL_OP:
    want = getattr(d3d, f"D3D11_STENCIL_OP_{v}")
    for face in ("Front", "Back"):
        CASES.append(("DepthStencilState", f"{face}FaceStencilFail", None, v, f"{face}Face.StencilFailOp", want))
        CASES.append(("DepthStencilState", f"{face}FaceStencilDepthFail", None, v, f"{face}Face.StencilDepthFailOp",
                      want))
        CASES.append(("DepthStencilState", f"{face}FaceStencilPass", None, v, f"{face}Face.StencilPassOp", want))
CASES += [("DepthStencilState", "StencilReadMask", None, "0x3C", "StencilReadMask", 0x3C),
          ("DepthStencilState", "StencilWriteMask", None, "0x81", "StencilWriteMask", 0x81)]
CASES += [("BlendState", "AlphaToCoverageEnable", None, "TRUE", "AlphaToCoverageEnable", 1)]
for i in (0, 3, 7):
    CASES.append(("BlendState", "BlendEnable", i, "TRUE", f"RenderTarget.{i}.BlendEnable", 1))
    CASES.append(("BlendState", "RenderTargetWriteMask", i, "0x05", f"RenderTarget.{i}.RenderTargetWriteMask", 5))
for v in _BLEND:
    want = getattr(d3d, f"D3D11_BLEND_{v}")
    for f, i in (("SrcBlend", 0), ("DestBlend", 2), ("SrcBlendAlpha", 5), ("DestBlendAlpha", 7)):
        CASES.append(("BlendState", f, i, v, f"RenderTarget.{i}.{f}", want))
for v in _BLEND_OP:
    want = getattr(d3d, f"D3D11_BLEND_OP_{v}")
    CASES.append(("BlendState", "BlendOp", 1, v, "RenderTarget.1.BlendOp", want))
    CASES.append(("BlendState", "BlendOpAlpha", 6, v, "RenderTarget.6.BlendOpAlpha", want))
for v in _FILTER:
    CASES.append(("SamplerState", "Filter", None, v, "Filter", getattr(d3d, f"D3D11_FILTER_{v}")))
for v in _ADDRESS:
    want = getattr(d3d, f"D3D11_TEXTURE_ADDRESS_{v}")
    for f in ("AddressU", "AddressV", "AddressW"):
        CASES.append(("SamplerState", f, None, v, f, want))
CASES += [("SamplerState", "MipLODBias", None, "-0.5", "MipLODBias", -0.5),
          ("SamplerState", "MaxAnisotropy", None, "4", "MaxAnisotropy", 4),
          ("SamplerState", "MinLOD", None, "1.0", "MinLOD", 1.0),
          ("SamplerState", "MaxLOD", None, "3", "MaxLOD", 3.0),
          ("SamplerState", "BorderColor", None, "float4(0.25, 0.5, 0.75, 1.0)", "BorderColor",
           [0.25, 0.5, 0.75, 1.0])]


def field_value(desc, path: str):
    obj = desc
    for part in path.split("."):
        obj = obj[int(part)] if part.isdigit() else getattr(obj, part)
    return list(obj) if isinstance(obj, list) else obj


@pytest.mark.parametrize("kind,name,index,spelled,path,want", CASES,
                         ids=[f"{c[1]}{'' if c[2] is None else f'[{c[2]}]'}={c[3]}" for c in CASES])
def test_state_field(device, kind, name, index, spelled, path, want):
    lhs = name if index is None else f"{name}[{index}]"
    desc = backing(device, kind, f"{lhs} = {spelled};")
    assert field_value(desc, path) == want


def test_state_names_and_values_ignore_case(device):
    desc = backing(device, "SamplerState", "filter = min_mag_mip_point; ADDRESSU = Wrap; addressv = mirror;")
    assert (desc.Filter, desc.AddressU, desc.AddressV) == (
        d3d.D3D11_FILTER_MIN_MAG_MIP_POINT, d3d.D3D11_TEXTURE_ADDRESS_WRAP, d3d.D3D11_TEXTURE_ADDRESS_MIRROR)


FLT_MAX = 3.4028234663852886e38


def test_block_defaults(device):
    """Unassigned fields: FX11's SBlendBlock/SDepthStencilBlock/SRasterizerBlock/SSamplerBlock defaults."""
    b = backing(device, "BlendState", "")
    assert b.AlphaToCoverageEnable == 0 and b.IndependentBlendEnable == 1
    for rt in b.RenderTarget:
        assert (rt.BlendEnable, rt.SrcBlend, rt.DestBlend, rt.BlendOp, rt.SrcBlendAlpha, rt.DestBlendAlpha,
                rt.BlendOpAlpha, rt.RenderTargetWriteMask) == (
            0, d3d.D3D11_BLEND_ONE, d3d.D3D11_BLEND_ZERO, d3d.D3D11_BLEND_OP_ADD, d3d.D3D11_BLEND_ONE,
            d3d.D3D11_BLEND_ZERO, d3d.D3D11_BLEND_OP_ADD, 0x0F)
    ds = backing(device, "DepthStencilState", "")
    assert (ds.DepthEnable, ds.DepthWriteMask, ds.DepthFunc, ds.StencilEnable, ds.StencilReadMask,
            ds.StencilWriteMask) == (1, d3d.D3D11_DEPTH_WRITE_MASK_ALL, d3d.D3D11_COMPARISON_LESS, 0, 0xFF, 0xFF)
    for face in (ds.FrontFace, ds.BackFace):
        assert (face.StencilFailOp, face.StencilDepthFailOp, face.StencilPassOp, face.StencilFunc) == (
            d3d.D3D11_STENCIL_OP_KEEP, d3d.D3D11_STENCIL_OP_KEEP, d3d.D3D11_STENCIL_OP_KEEP,
            d3d.D3D11_COMPARISON_ALWAYS)
    rs = backing(device, "RasterizerState", "")
    assert (rs.FillMode, rs.CullMode, rs.FrontCounterClockwise, rs.DepthBias, rs.DepthBiasClamp,
            rs.SlopeScaledDepthBias, rs.DepthClipEnable, rs.ScissorEnable, rs.MultisampleEnable,
            rs.AntialiasedLineEnable) == (d3d.D3D11_FILL_SOLID, d3d.D3D11_CULL_BACK, 0, 0, 0.0, 0.0, 1, 0, 0, 0)
    s = backing(device, "SamplerState", "")
    assert (s.Filter, s.AddressU, s.AddressV, s.AddressW, s.MipLODBias, s.MaxAnisotropy, s.ComparisonFunc) == (
        d3d.D3D11_FILTER_MIN_MAG_MIP_LINEAR, d3d.D3D11_TEXTURE_ADDRESS_CLAMP, d3d.D3D11_TEXTURE_ADDRESS_CLAMP,
        d3d.D3D11_TEXTURE_ADDRESS_CLAMP, 0.0, 16, d3d.D3D11_COMPARISON_NEVER)
    assert list(s.BorderColor) == [0.0, 0.0, 0.0, 0.0]  # D3D11_DEFAULT_BORDER_COLOR_COMPONENT
    assert s.MinLOD == pytest.approx(-FLT_MAX, rel=1e-6) and s.MaxLOD == pytest.approx(FLT_MAX, rel=1e-6)


def test_scalar_splats_to_vector_state(device):
    """A swizzled scalar fills the vector a state needs (BorderColor = (1).xxxx is (1, 1, 1, 1)); a bare scalar does not
    compile (d3dcompiler_47 10.1: "Dimensionality mismatch (LHS expects 4, RHS has 1)", session 35)."""
    assert list(backing(device, "SamplerState", "BorderColor = (1).xxxx;").BorderColor) == [1.0, 1.0, 1.0, 1.0]


def test_later_assignment_wins_and_indices_are_independent(device):
    b = backing(device, "BlendState", "BlendEnable[0] = TRUE; BlendEnable[0] = FALSE; BlendEnable[2] = TRUE;")
    assert [rt.BlendEnable for rt in b.RenderTarget] == [0, 0, 1, 0, 0, 0, 0, 0]


def test_sampler_state_initialiser_syntax(device):
    """``sampler s = sampler_state { ... };`` is the same block as ``SamplerState s { ... };``."""
    src = "sampler s = sampler_state { Filter = ANISOTROPIC; MaxAnisotropy = 8; };"
    eff = D3DX11CompileEffectFromMemory(src, len(src), "s.fx", None, None, 0, 0, device)
    d = eff.GetVariableByName("s").AsSampler().GetBackingStore(0)
    assert (d.Filter, d.MaxAnisotropy) == (d3d.D3D11_FILTER_ANISOTROPIC, 8)


def test_state_block_arrays(device):
    src = "RasterizerState r[2] { { CullMode = NONE; }, { CullMode = FRONT; FillMode = WIREFRAME; } };"
    eff = D3DX11CompileEffectFromMemory(src, len(src), "a.fx", None, None, 0, 0, device)
    v = eff.GetVariableByName("r").AsRasterizer()
    assert v.GetBackingStore(0).CullMode == d3d.D3D11_CULL_NONE
    assert (v.GetBackingStore(1).CullMode, v.GetBackingStore(1).FillMode) == (d3d.D3D11_CULL_FRONT,
                                                                              d3d.D3D11_FILL_WIREFRAME)
    assert v.GetElement(1).AsRasterizer().GetBackingStore(0).CullMode == d3d.D3D11_CULL_FRONT


def test_state_object_matches_backing_store(device):
    src = "DepthStencilState d { DepthFunc = GREATER; StencilEnable = TRUE; };"
    eff = D3DX11CompileEffectFromMemory(src, len(src), "d.fx", None, None, 0, 0, device)
    obj = eff.GetVariableByName("d").AsDepthStencil().GetDepthStencilState(0)
    desc = obj.GetDesc()
    assert (desc.DepthFunc, desc.StencilEnable) == (d3d.D3D11_COMPARISON_GREATER, 1)


def test_state_from_numeric_variable(device):
    """A state may read a numeric global; its value is taken when the object is needed. Only outside performance
    mode (fxc /Gdp, D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS): without it d3dcompiler_47 10.1 fails "only literal right-hand
    side values are allowed in state blocks in Effects performance mode" (session 35)."""
    src = "uint g_ref = 3; float g_bias = 0.5; SamplerState s { MipLODBias = g_bias; MaxAnisotropy = g_ref; };"
    with pytest.raises(ShaderCompileError, match="performance mode"):
        D3DX11CompileEffectFromMemory(src, len(src), "v.fx", None, None, 0, 0, device)
    eff = D3DX11CompileEffectFromMemory(src, len(src), "v.fx", None, None, 0, D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS, device)
    s = eff.GetVariableByName("s").AsSampler()
    assert (s.GetBackingStore(0).MipLODBias, s.GetBackingStore(0).MaxAnisotropy) == (0.5, 3)
    eff.GetVariableByName("g_bias").AsScalar().SetFloat(2.0)
    assert s.GetBackingStore(0).MipLODBias == 2.0


BAD = [
    ("BlendState", "Foo = 1;", "unrecognized state"),
    ("BlendState", "CullMode = NONE;", "not valid in this block"),
    ("RasterizerState", "SrcBlend[0] = ONE;", "not valid in this block"),
    ("BlendState", "BlendEnable[8] = TRUE;", "out of range"),
    ("DepthStencilState", "DepthFunc = SOMETIMES;", "invalid value"),
    ("SamplerState", "BorderColor = float2(1, 2);", "Dimensionality mismatch"),
    # a shader type keyword is no state name in a state object's block: fxc's syntax error (d3dcompiler_47 10.1,
    # session 47 EFX; a pass state elsewhere, e.g. ``vertexShader``, stays "not valid in this block")
    ("SamplerState", "VertexShader = NULL;", "unexpected token 'VertexShader'"),
    ("SamplerState", "vertexShader = NULL;", "not valid in this block"),
]


@pytest.mark.parametrize("kind,body,msg", BAD)
def test_bad_state_blocks_fail_to_compile(device, kind, body, msg):
    with pytest.raises(ShaderCompileError) as e:
        backing(device, kind, body)
    assert msg in str(e.value)
