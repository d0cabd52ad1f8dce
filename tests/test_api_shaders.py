"""Shader creation (bytecode checks, feature-level models), input layouts, stream output, class linkage."""

from __future__ import annotations

import struct

import pytest

from pyd3d11.api import D3D11CreateDevice
from pyd3d11.errors import InvalidArgError
from pyd3d11.shader.dxbc.container import build_container
from pyd3d11.shader.dxbc.signature import Signature, SignatureElement, build_signature

PS, VS, GS, HS, DS, CS = 0, 1, 2, 3, 4, 5
RET = 0x0100003E
FLOAT, UINT = 3, 1


# The declarations each stage requires (the runtime's bytecode validation refuses a GS/HS/DS/CS without
# them): opcode | controls << 11 | length << 24, then data dwords.
_REQUIRED = {
    GS: [93 | 1 << 11 | 1 << 24, 92 | 1 << 11 | 1 << 24, 94 | 2 << 24, 1],  # point in, pointlist out, maxout 1
    HS: [113 | 1 << 24, 147 | 1 << 11 | 1 << 24, 148 | 1 << 11 | 1 << 24, 149 | 2 << 11 | 1 << 24,
         150 | 1 << 11 | 1 << 24, 151 | 3 << 11 | 1 << 24, 114 | 1 << 24],  # 1 cp, tri, integer, cw; cp phase
    DS: [147 | 1 << 11 | 1 << 24, 149 | 2 << 11 | 1 << 24],
    CS: [155 | 4 << 24, 1, 1, 1],  # dcl_thread_group 1, 1, 1
}


def program(ptype, major, minor):
    # version token: type in [31:16], major [7:4], minor [3:0]; length token; declarations; ret
    body = _REQUIRED.get(ptype, []) + [RET]
    return struct.pack(f"<{2 + len(body)}I", (ptype << 16) | (major << 4) | minor, 2 + len(body), *body)


def sig(fourcc, *elems):
    els = [SignatureElement(n, i, system_value=sv, component_type=ct, register=r, mask=m, stream=st)
           for (n, i, sv, ct, r, m, st) in elems]
    return build_signature(Signature(fourcc, els))


def blob(ptype=VS, major=4, minor=0, inputs=(), outputs=(), extra=()):
    chunks = [("ISGN", sig("ISGN", *inputs)), ("OSGN", sig("OSGN", *outputs))]
    chunks += list(extra)
    chunks.append(("SHEX" if major >= 5 else "SHDR", program(ptype, major, minor)))
    return build_container(chunks)


def dev_at(level=0xB000):
    return D3D11CreateDevice(None, 1, None, 0, [level], 1, 7)[0]


VS_INPUTS = (("POSITION", 0, 0, FLOAT, 0, 0x7, 0), ("TEXCOORD", 0, 0, FLOAT, 1, 0x3, 0),
             ("SV_VertexID", 0, 6, UINT, 2, 0x1, 0))


def test_create_each_stage():
    dev = dev_at()
    for method, ptype in (("CreateVertexShader", VS), ("CreatePixelShader", PS), ("CreateGeometryShader", GS),
                          ("CreateHullShader", HS), ("CreateDomainShader", DS), ("CreateComputeShader", CS)):
        s = getattr(dev, method)(blob(ptype, 5, 0))
        assert s._program.program_type == ptype and s._shader_model == (5, 0)
        assert s._container.program is not None and s.GetDevice() is dev
    vs = dev.CreateVertexShader(blob(VS, inputs=VS_INPUTS))
    assert [e.semantic_name for e in vs._input_signature] == ["POSITION", "TEXCOORD", "SV_VertexID"]


def test_wrong_type_and_bad_blobs():
    dev = dev_at()
    with pytest.raises(InvalidArgError) as e:
        dev.CreateVertexShader(blob(PS))
    assert "expected vs" in str(e.value)
    good = bytearray(blob(VS))
    bad = bytearray(good)
    bad[-1] ^= 0xFF  # checksum no longer matches
    with pytest.raises(InvalidArgError):
        dev.CreateVertexShader(bytes(bad))
    with pytest.raises(InvalidArgError):
        dev.CreateVertexShader(bytes(good[:20]))
    with pytest.raises(InvalidArgError):
        dev.CreateVertexShader(b"not a shader at all, definitely not")
    with pytest.raises(InvalidArgError):  # no program chunk
        dev.CreateVertexShader(build_container([("ISGN", sig("ISGN"))]))
    with pytest.raises(InvalidArgError):
        dev.CreateVertexShader(None)
    before = len(dev._live_children())
    assert dev.CreateVertexShader(bytes(good), len(good), None, None) is None
    assert len(dev._live_children()) == before


@pytest.mark.parametrize("level,ptype,major,minor,ok", [
    (0xA000, VS, 4, 0, True), (0xA000, VS, 4, 1, False), (0xA100, VS, 4, 1, True), (0xA100, VS, 5, 0, False),
    (0xA000, HS, 5, 0, False), (0xA000, CS, 4, 0, True), (0xA000, CS, 4, 1, False), (0xB000, CS, 4, 1, True),
    (0xB000, GS, 4, 0, True), (0x9300, VS, 4, 0, False),
])
def test_shader_model_per_feature_level(level, ptype, major, minor, ok):
    dev = dev_at(level)
    method = {VS: "CreateVertexShader", HS: "CreateHullShader", CS: "CreateComputeShader",
              GS: "CreateGeometryShader"}[ptype]
    if ok:
        getattr(dev, method)(blob(ptype, major, minor))
    else:
        with pytest.raises(InvalidArgError):
            getattr(dev, method)(blob(ptype, major, minor))


def test_level9_shaders_need_aon9():
    dev = dev_at(0x9100)
    dev.CreateVertexShader(blob(VS, extra=[("Aon9", b"\0" * 8)]))
    with pytest.raises(InvalidArgError):
        dev.CreateGeometryShader(blob(GS, extra=[("Aon9", b"\0" * 8)]))


def elem(name, index=0, fmt=6, slot=0, offset=0xFFFFFFFF, cls=0, rate=0):
    return dict(SemanticName=name, SemanticIndex=index, Format=fmt, InputSlot=slot, AlignedByteOffset=offset,
                InputSlotClass=cls, InstanceDataStepRate=rate)


def test_input_layout_offsets_and_matching():
    dev = dev_at()
    code = blob(VS, inputs=VS_INPUTS)
    lay = dev.CreateInputLayout([elem("position", fmt=6), elem("TEXCOORD", fmt=16), elem("COLOR", fmt=28),
                                 elem("BLENDINDICES", fmt=62), elem("PSIZE", fmt=41, slot=1, cls=1, rate=2)],
                                5, code)
    # R32G32B32_FLOAT (12) then R32G32_FLOAT (8), R8G8B8A8 (4), R8_UINT (1); slot 1 restarts at 0
    assert [e.AlignedByteOffset for e in lay._elements] == [0, 12, 20, 24, 0]
    assert dev.CreateInputLayout([elem("POSITION"), elem("TEXCOORD", offset=16)], 2, code)._elements[1] \
        .AlignedByteOffset == 16


@pytest.mark.parametrize("elements,field", [
    ([elem("POSITION")], "TEXCOORD0"),  # missing element for a shader input
    ([elem("POSITION"), elem("TEXCOORD"), elem("position")], "twice"),
    ([elem("POSITION"), elem("TEXCOORD", slot=32)], "InputSlot"),
    ([elem("POSITION"), elem("TEXCOORD", fmt=71)], "input assembler"),  # BC1 is not a vertex format
    ([elem("POSITION"), elem("TEXCOORD", rate=1)], "InstanceDataStepRate"),
    ([elem("POSITION"), elem("TEXCOORD", cls=2)], "InputSlotClass"),
    ([elem("POSITION", offset=2), elem("TEXCOORD")], "aligned"),
    ([elem("POSITION"), elem("TEXCOORD"), elem("A", slot=0, cls=1, rate=1)], "disagree"),
    ([elem("POSITION"), elem("TEXCOORD1")], "digit"),
    ([elem("")], "empty"),
])
def test_invalid_input_layouts(elements, field):
    dev = dev_at()
    with pytest.raises(InvalidArgError) as e:
        dev.CreateInputLayout(elements, len(elements), blob(VS, inputs=VS_INPUTS))
    assert field in str(e.value)


def test_input_slots_limit_at_10_0():
    dev = dev_at(0xA000)
    with pytest.raises(InvalidArgError):
        dev.CreateInputLayout([elem("A", slot=16)], 1, blob(VS, inputs=()))
    dev_at(0xA100).CreateInputLayout([elem("A", slot=16)], 1, blob(VS, inputs=()))


GS_OUT = (("SV_Position", 0, 1, FLOAT, 0, 0xF, 0), ("TEXCOORD", 0, 0, FLOAT, 1, 0x3, 0))


def so_entry(name, index=0, start=0, count=4, slot=0, stream=0):
    return dict(Stream=stream, SemanticName=name, SemanticIndex=index, StartComponent=start, ComponentCount=count,
                OutputSlot=slot)


def test_stream_output_declarations():
    dev = dev_at()
    code = blob(GS, outputs=GS_OUT)
    decl = [so_entry("SV_POSITION"), so_entry(None, count=2), so_entry("texcoord", count=2)]
    gs = dev.CreateGeometryShaderWithStreamOutput(code, None, decl, 3, [32], 1, 0)
    entries, strides, rs = gs._stream_output
    assert len(entries) == 3 and strides == [32] and rs == 0
    # a vertex shader can be streamed out directly
    dev.CreateGeometryShaderWithStreamOutput(blob(VS, outputs=GS_OUT), None, [so_entry("SV_Position")], 1,
                                             [16], 1, 0)
    for bad, field in [([so_entry("COLOR")], "not in the shader's output"),
                       ([so_entry("TEXCOORD", start=2, count=2)], "not written"),
                       ([so_entry("TEXCOORD", start=3, count=2)], "exceeds 4"),
                       ([so_entry("SV_Position", slot=4)], "OutputSlot"),
                       ([so_entry("SV_Position"), so_entry("TEXCOORD", count=2, stream=1)], "already fed"),
                       ([so_entry("SV_Position"), so_entry("SV_Position", slot=1)], "twice")]:
        with pytest.raises(InvalidArgError) as e:
            dev.CreateGeometryShaderWithStreamOutput(code, None, bad, len(bad), [64, 64], 2, 0)
        assert field in str(e.value)
    with pytest.raises(InvalidArgError):  # 16 bytes declared, stride 12
        dev.CreateGeometryShaderWithStreamOutput(code, None, [so_entry("SV_Position")], 1, [12], 1, 0)
    with pytest.raises(InvalidArgError):
        dev.CreateGeometryShaderWithStreamOutput(code, None, [so_entry("SV_Position")], 1, [16], 1, 4)
    with pytest.raises(InvalidArgError):  # streams other than 0 need 11_0
        dev_at(0xA000).CreateGeometryShaderWithStreamOutput(code, None, [so_entry("SV_Position")], 1, [16], 1, 1)
    with pytest.raises(InvalidArgError):  # PS bytecode cannot stream out
        dev.CreateGeometryShaderWithStreamOutput(blob(PS), None, [], 0, [], 0, 0)


def test_class_linkage_objects():
    dev = dev_at()
    link = dev.CreateClassLinkage()
    inst = link.CreateClassInstance("cLight", 1, 2, 3, 4)
    assert inst.GetTypeName() == "cLight" and inst.GetClassLinkage() is link
    d = inst.GetDesc()
    assert (d.ConstantBuffer, d.BaseConstantBufferOffset, d.BaseTexture, d.BaseSampler) == (1, 2, 3, 4)
    with pytest.raises(InvalidArgError):
        link.GetClassInstance("g_light", 0)
    vs = dev.CreateVertexShader(blob(VS), None, link)
    assert vs._class_linkage is link
    with pytest.raises(InvalidArgError):
        dev_at(0xA000).CreateClassLinkage()
