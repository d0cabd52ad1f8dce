"""D3DReflect answers checked against the tables fxc printed in the corpus .asm listings.

The listing text is parsed here with its own small regexes (independent of listing_header.py)."""

from __future__ import annotations

import re
import struct

import pytest
from conftest import conformance_path

from pyd3d11.errors import D3DERR_INVALIDCALL, E_FAIL, D3D11Error, InvalidArgError
from pyd3d11.shader.reflection import D3DReflect

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

SYSVAL = {"NONE": 0, "POS": 1, "CLIPDST": 2, "CULLDST": 3, "RTINDEX": 4, "VPINDEX": 5, "VERTID": 6, "PRIMID": 7,
          "INSTID": 8, "FFACE": 9, "SAMPLE": 10, "QUADEDGE": 11, "QUADINT": 12, "TRIEDGE": 13, "TRIINT": 14,
          "LINEDET": 15, "LINEDEN": 16, "TARGET": 64, "DEPTH": 65, "DEPTHGE": 67, "DEPTHLE": 68}
CTYPE = {"uint": 1, "int": 2, "float": 3}
SIT = {"cbuffer": {0}, "tbuffer": {1}, "texture": {2, 5, 7}, "sampler": {3}, "sampler_c": {3},
       "UAV": {4, 6, 8, 9, 10, 11}}


def _listing_tables(text: str) -> dict:
    lines = text.split("\n")
    out = {"Input": [], "Output": [], "Patch Constant": [], "bindings": [], "vars": {}, "cbuffers": []}
    section = None
    for ln in lines:
        if re.match(r"^[a-z][a-z]_\d_\d", ln):
            break
        m = re.match(r"^// (Input|Output|Patch Constant) signature:", ln)
        if m:
            section = m.group(1)
            continue
        if ln.startswith(("// Available Class", "// Interface slots", "// Tessellation")):
            section = None
            continue
        if ln.startswith("// Resource Bindings:"):
            section = "bindings"
            continue
        m = re.match(r"^// (cbuffer|tbuffer|interfaces|Resource bind info for) (\S+)$", ln)
        if m:
            out["cbuffers"].append(m.group(2))
            section = None
            continue
        m = re.match(r"^//   (?:[a-z_A-Z0-9 ]+ )?(\$?\w+)(?:\[\d+\])?;\s*// Offset:\s*(\d+) Size:\s*(\d+)( \[unused\])?", ln)
        if m and out["cbuffers"]:
            out["vars"][(out["cbuffers"][-1], m.group(1))] = (int(m.group(2)), int(m.group(3)), not m.group(4))
            continue
        if section in ("Input", "Output", "Patch Constant"):
            m = re.match(r"^// (\S+)\s+(\d+)\s+(\S.{0,5})\s+(\S+)\s+(\S+)\s+(\S+)", ln)
            if m and m.group(1) not in ("Name", "--------------------"):
                out[section].append(m.groups())
        elif section == "bindings":
            m = re.match(r"^// (\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\d+)\s+(\d+)$", ln)
            if m and m.group(1) != "Name":
                out["bindings"].append(m.groups())
    return out


def _corpus():
    root = conformance_path("dxbc-corpus", "slimshader")
    return sorted(root.rglob("*.o"))


def test_reflection_matches_listings():
    checked_sig = checked_vars = 0
    for f in _corpus():
        data = f.read_bytes()
        if f.name == "test_PS.o":  # hand-edited blob: its checksum does not verify by this project's algorithm
            # (d3dcompiler_47 accepts it; tests/test_rules_d3dcompiler_api_s37.py holds that as a strict xfail)
            continue
        r = D3DReflect(data)
        tab = _listing_tables(f.with_suffix(".asm").read_text())
        desc = r.GetDesc()
        assert desc.InputParameters == len(tab["Input"]), f
        assert desc.OutputParameters == len(tab["Output"]), f
        assert desc.PatchConstantParameters == len(tab["Patch Constant"]), f
        assert desc.BoundResources == len(tab["bindings"]) and desc.ConstantBuffers == len(tab["cbuffers"])
        for kind, getter in (("Input", r.GetInputParameterDesc), ("Output", r.GetOutputParameterDesc),
                             ("Patch Constant", r.GetPatchConstantParameterDesc)):
            for i, (name, idx, mask, reg, sysval, fmt) in enumerate(tab[kind]):
                p = getter(i)
                assert (p.SemanticName, p.SemanticIndex) == (name, int(idx))
                assert p.SystemValueType == SYSVAL[sysval], (f, name)
                assert p.ComponentType == CTYPE[fmt]
                if mask.strip() == "N/A":
                    assert p.Register == 0xFFFFFFFF
                else:
                    assert p.Register == int(reg)
                    assert p.Mask == sum(1 << "xyzw".index(ch) for ch in mask.strip())
                checked_sig += 1
        for i, (name, kind, _fmt, _dim, slot, count) in enumerate(tab["bindings"]):
            b = r.GetResourceBindingDesc(i)
            assert (b.Name, b.BindPoint, b.BindCount) == (name, int(slot), int(count))
            assert b.Type in SIT[kind]
            assert r.GetResourceBindingDescByName(name).BindPoint == int(slot)
        for (cbname, vname), (off, size, used) in tab["vars"].items():
            v = r.GetConstantBufferByName(cbname).GetVariableByName(vname).GetDesc()
            assert (v.StartOffset, v.Size, bool(v.uFlags & 2)) == (off, size, used), (f, vname)
            checked_vars += 1
    assert checked_sig > 500 and checked_vars > 400


def _corpus_file(rel: str) -> bytes:
    return (conformance_path("dxbc-corpus", "slimshader") / rel).read_bytes()


def test_desc_fields_from_chunks():
    data = _corpus_file("Sdk/Direct3D11/FluidCS11/FluidCS11_DensityCS_Grid.o")
    r = D3DReflect(data)
    d = r.GetDesc()
    words = struct.unpack("<37I", data[-148:])  # STAT is the last chunk
    assert d.InstructionCount == words[0] and d.TempRegisterCount == words[1]
    assert d.cTextureStoreInstructions == words[36]
    assert d.Version == 0x00050050  # cs_5_0
    assert d.Creator == "Microsoft (R) HLSL Shader Compiler 9.30.9200.20714"
    assert r.GetThreadGroupSize() == (256, 256, 1, 1)  # listing: dcl_thread_group 256, 1, 1
    assert r.GetMinFeatureLevel() == 0xB000
    assert r.GetMovInstructionCount() == words[19] and r.GetBitwiseInstructionCount() == words[22]
    t = r.GetVariableByName("$Element").GetType()
    td = t.GetDesc()
    assert (td.Class, td.Members, td.Name) == (5, 2, "Particle")
    assert t.GetMemberTypeName(1) == "velocity" and t.GetMemberTypeByName("velocity").GetDesc().Offset == 8
    assert t.GetMemberTypeName(5) is None
    with pytest.raises(D3D11Error) as exc:  # past the members: the invalid type, never NULL
        t.GetMemberTypeByIndex(5).GetDesc()
    assert exc.value.hresult == E_FAIL
    assert r.GetVariableByName("g_fTimeStep").GetBuffer().GetDesc().Name == "cbSimulationConstants"


def test_special_cases():
    r = D3DReflect(_corpus_file("HlslCrossCompiler/ps5/conservative_depth_ge.o"))
    p = r.GetOutputParameterDesc(1)
    assert (p.SemanticName, p.SystemValueType, p.Register) == ("SV_DepthGreaterEqual", 67, 0xFFFFFFFF)
    assert r.GetOutputParameterDesc(0).SystemValueType == 64  # SV_Target
    gs = D3DReflect(_corpus_file("Sdk/Direct3D11/NBodyGravityCS11/ParticleDraw_GS.o"))
    assert gs.GetGSInputPrimitive() == 1 and gs.GetDesc().GSMaxOutputVertexCount == 4  # point, maxvertexcount 4
    vs4 = D3DReflect(_corpus_file("Sdk/Direct3D11/NBodyGravityCS11/ParticleDraw_VS.o"))
    # SFI0 0x2 here is fxc's "raw and structured buffers via shader 4.x" (a vs_4_0 reading a StructuredBuffer),
    # which GetRequiresFlags does not report as D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL (the same bit)
    assert vs4._c.feature_flags == 2 and vs4.GetRequiresFlags() == 0 and vs4.GetMinFeatureLevel() == 0xA000
    assert D3DReflect(_corpus_file("Sdk/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_PS.o")
                      ).GetNumInterfaceSlots() == 4  # listing: "Interface slots, 4 total"
    hs = D3DReflect(_corpus_file("Sdk/Direct3D11/SubD11/SubD11_HS.o")).GetDesc()
    assert (hs.cControlPoints, hs.TessellatorDomain, hs.HSOutputPrimitive) == (16, 3, 3)
    assert not D3DReflect(_corpus_file("HlslCrossCompiler/ps4/fxaa.o")).IsSampleFrequencyShader()


def test_invalid_lookups():
    r = D3DReflect(_corpus_file("HlslCrossCompiler/ps4/fxaa.o"))
    for obj in (r.GetConstantBufferByName("nope"), r.GetConstantBufferByIndex(7), r.GetVariableByName("nope"),
                r.GetConstantBufferByIndex(0).GetVariableByIndex(9), r.GetVariableByName("nope").GetType()):
        with pytest.raises(D3D11Error) as exc:
            obj.GetDesc()
        assert exc.value.hresult == E_FAIL
    for call in (lambda: r.GetResourceBindingDesc(3), lambda: r.GetResourceBindingDescByName("x"),
                 lambda: r.GetInputParameterDesc(2), lambda: r.GetOutputParameterDesc(-1),
                 lambda: r.GetPatchConstantParameterDesc(0)):
        with pytest.raises(InvalidArgError):
            call()
    # d3dcompiler_47 (Wine's D3DReflect implementation, its version >= 46 branches): an unknown IID is
    # E_INVALIDARG (E_NOINTERFACE was d3dcompiler_43's answer), a header whose size field is not the size
    # passed D3DERR_INVALIDCALL
    with pytest.raises(InvalidArgError):
        D3DReflect(_corpus_file("HlslCrossCompiler/ps4/fxaa.o"), pInterface="00000000-0000-0000-0000-000000000001")
    with pytest.raises(D3D11Error) as exc:
        D3DReflect(b"DXBC" + bytes(40))
    assert exc.value.hresult == D3DERR_INVALIDCALL
