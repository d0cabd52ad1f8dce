"""Dynamic shader linkage end to end: fcall/this[] through the executor (link_program), and the API
(ID3D11ClassLinkage, ID3D11ClassInstance, PSSetShader with class instances, Draw).

Expected values are worked out by hand from the HLSL sources next to the corpus files:
ps5/interfaces.hlsl: out.rgb = B.ChangeColour(A.ChangeColour(colour)), out.a = Alpha.ChooseAlpha(),
with cUnchangedColour = x, cHalfColour = x / 2, cDoubleColour = x * 2, OneAlpha = 1, TwoThirdsAlpha = 0.66.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import conformance_path

from pyd3d11.errors import InvalidArgError, NotSupportedError
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.exec.interfaces import ClassBinding, interface_decls, link_program, run_linked

F32 = np.float32
COLOUR = np.array([[0.5, 1.0, 3.0, 0.0], [2.0, -4.0, 0.25, 0.0]], F32)
# function tables (from the listing's Interface slots table): slot 0 {Unchanged 0, Half 1, Double 2},
# slot 1 {Unchanged 3, Half 4, Double 5}, slot 2 {TwoThirds 6, One 7}
UNCH0, HALF0, DBL0, UNCH1, HALF1, DBL1, TWO_THIRDS, ONE = range(8)


def _program(name: str):
    root = conformance_path("dxbc-corpus", "slimshader")
    return decode_program(parse_container((root / f"{name}.o").read_bytes(), verify_checksum=False).program)


def _rgba(res) -> np.ndarray:
    return res.outputs[0].view(F32)


@pytest.mark.parametrize("a,b,alpha,scale,alpha_value", [
    (UNCH0, UNCH1, ONE, 1.0, 1.0), (HALF0, DBL1, TWO_THIRDS, 1.0, 0.66), (DBL0, DBL1, ONE, 4.0, 1.0),
    (HALF0, HALF1, TWO_THIRDS, 0.25, 0.66), (UNCH0, DBL1, ONE, 2.0, 1.0)])
def test_interfaces_shader_selects_class_methods(a, b, alpha, scale, alpha_value):
    prog = _program("HlslCrossCompiler/ps5/interfaces")
    res = run_linked(prog, [ClassBinding(a), ClassBinding(b), ClassBinding(alpha)], 2, inputs=COLOUR[None])
    out = _rgba(res)
    assert np.array_equal(out[:, :3], COLOUR[:, :3] * F32(scale))
    assert np.array_equal(out[:, 3], np.full(2, F32(alpha_value)))


def test_unlinked_or_unbound_fcall_is_not_silent():
    prog = _program("HlslCrossCompiler/ps5/interfaces")
    with pytest.raises(NotSupportedError):
        run_program(prog, 1, inputs=COLOUR[:1][None])
    with pytest.raises(InvalidArgError):
        link_program(prog, [ClassBinding(UNCH0), None, ClassBinding(ONE)])
    with pytest.raises(InvalidArgError):  # ft6 is an iAlpha table, not one of fp0's choices
        link_program(prog, [ClassBinding(TWO_THIRDS), ClassBinding(UNCH1), ClassBinding(ONE)])
    # the API's choice: an unbound slot calls nothing (r0 keeps the value the previous call left)
    res = run_program(link_program(prog, [ClassBinding(DBL0), None, ClassBinding(ONE)], unbound="skip"), 2,
                      inputs=COLOUR[None])
    assert np.array_equal(_rgba(res)[:, :3], COLOUR[:, :3] * F32(2))


def test_link_is_cached_and_keeps_declarations_readable():
    prog = _program("HlslCrossCompiler/ps5/interfaces")
    sel = [ClassBinding(UNCH0), ClassBinding(UNCH1), ClassBinding(ONE)]
    assert link_program(prog, sel) is link_program(prog, list(sel))
    assert link_program(prog, sel) is not link_program(prog, sel[:2] + [ClassBinding(TWO_THIRDS)])
    d = interface_decls(prog)
    assert d.interfaces[2] == (1, 1, [6, 7], False) and d.tables[7] == [7] and d.slot_count == 3


@pytest.mark.parametrize("alpha_index,alpha", [(0, 1.0), (1, 0.66), (2, 1.0)])
def test_dynamically_indexed_interface_array(alpha_index, alpha):
    # interface_arrays: fcall fp0[1][0] (slot 1), fp2[0][0] (slot 2), fp3[cb0[0].x][0] (slots 3-5)
    prog = _program("HlslCrossCompiler/ps5/interface_arrays")
    slots = [ClassBinding(UNCH0), ClassBinding(DBL0), ClassBinding(HALF1),
             ClassBinding(ONE), ClassBinding(TWO_THIRDS), ClassBinding(ONE)]
    b = Bindings()
    b.set_cbuffer(0, np.array([alpha_index, 0, 0, 0], np.int32))
    out = _rgba(run_linked(prog, slots, 2, inputs=COLOUR[None], bindings=b))
    assert np.array_equal(out[:, :3], COLOUR[:, :3])  # slot 1 doubles, slot 2 halves
    assert np.array_equal(out[:, 3], np.full(2, F32(alpha)))


THIS_SHADER = """ps_5_0
dcl_constantbuffer cb0[4], dynamicIndexed
dcl_constantbuffer cb3[4], dynamicIndexed
dcl_function_body fb0
dcl_function_body fb1
dcl_function_table ft0 = {fb0}
dcl_function_table ft1 = {fb1}
dcl_interface_dynamicindexed fp0[2][1] = {ft0, ft1}
dcl_input_ps constant v0.x
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 2
mov o1.xyzw, this[1].wzyx
fcall fp0[v0.x + 0][0]
mov o0.xyzw, r0.xyzw
ret
label fb0
mov r1.xy, this[v0.x + 0].xy
mov r0.xyzw, cb[r1.x + 0][r1.y + 1].xyzw
ret
label fb1
mov r1.x, this[v0.x + 0].y
mov r0.xyzw, cb[this[1].x + 0][r1.x + 0].wzyx
ret
"""


def test_this_pointer_and_instance_data():
    """this[] = (cb slot, cb offset, texture, sampler) of the bound instance (spec 22.7.20); methods read
    their data through cb[this.x][this.y + member] (dynamically indexed cb slot)."""
    prog = assemble_program(THIS_SHADER)
    b = Bindings()
    b.set_cbuffer(0, np.arange(16, dtype=np.uint32))
    b.set_cbuffer(3, np.arange(100, 116, dtype=np.uint32))
    slots = [ClassBinding(0, (3, 1, 7, 9)), ClassBinding(1, (0, 2, 5, 6))]
    lane_slot = np.array([[0, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]], np.uint32)
    res = run_linked(prog, slots, 4, inputs=lane_slot[None], bindings=b)
    o0, o1 = res.outputs[0], res.outputs[1]
    assert np.array_equal(o1, np.tile(np.uint32([6, 5, 2, 0]), (4, 1)))  # this[1].wzyx
    # slot 0 (fb0): cb3[1 + 1] = words 108..111; slot 1 (fb1): cb0[2].wzyx = words 11, 10, 9, 8
    exp = {0: [108, 109, 110, 111], 1: [11, 10, 9, 8]}
    for lane, s in enumerate(lane_slot[:, 0]):
        assert o0[lane].tolist() == exp[int(s)], lane


# --- DynamicShaderLinkage11 sample (real fxc output with this[] and cb[this.x][this.y]) ------------

class _BlackTextures:
    def sample(self, st, inst, srcs):
        return np.zeros((4, st.n), np.uint32)


def _dsl_cbuffers(ambient_on: bool, material_colours: dict[int, tuple[float, float, float]]) -> Bindings:
    cb0 = np.zeros((8, 4), F32)
    cb0[0, :3] = (0.5, 0.25, 1.0)  # g_ambientLight.m_vLightColor
    cb0[0, 3] = np.uint32(0xFFFFFFFF if ambient_on else 0).view(F32)  # m_bEnable
    cb0[4, :3] = (1.0, 1.0, 1.0)  # g_directionalLight colour, m_bEnable = false
    cb0[5, :3] = (0.0, 0.0, 1.0)  # light direction
    cb0[7, :3] = (0.0, 0.0, 1.0)  # g_vEyeDir
    cb1 = np.zeros((6, 4), F32)
    for vec, rgb in material_colours.items():
        cb1[vec, :3] = rgb
        cb1[vec, 3] = np.int32(8).view(F32)  # m_iSpecPower
    b = Bindings()
    b.set_cbuffer(0, cb0)
    b.set_cbuffer(1, cb1)
    return b


@pytest.mark.parametrize("material_vec,ambient_on", [(3, True), (0, True), (3, False)])
def test_dynamic_shader_linkage_sample(material_vec, ambient_on):
    """Lights other than ambient disabled: colour = saturate(material colour * ambient colour)."""
    prog = _program("Sdk/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_PS")
    colours = {3: (0.75, 0.5, 0.25), 0: (1.0, 0.5, 0.5)}  # g_roughMaterial at cb1[3], g_plasticMaterial at cb1[0]
    material_table = {3: 2, 0: 5}[material_vec]  # cRoughMaterial type 2 -> ft2, cPlasticMaterial type 5 -> ft5
    slots = [ClassBinding(material_table, (1, material_vec, 0xFFFF, 0xFFFF)),
             ClassBinding(12, (0, 0, 0xFFFF, 0xFFFF)),  # g_ambientLight: type 12 -> ft12
             ClassBinding(16, (0, 4, 0xFFFF, 0xFFFF)),  # g_directionalLight: type 10 -> ft16 in slot 2
             ClassBinding(19, (0, 6, 0xFFFF, 0xFFFF))]  # g_environmentLight: type 7 -> ft19 in slot 3
    inputs = np.zeros((3, 2, 4), F32)
    inputs[1, :, :3] = (0.0, 0.0, 1.0)  # normal
    res = run_linked(prog, slots, 2, inputs=inputs, bindings=_dsl_cbuffers(ambient_on, colours),
                     hooks=_BlackTextures())
    want = np.array(colours[material_vec], F32) * (np.array([0.5, 0.25, 1.0], F32) if ambient_on else F32(0))
    assert np.array_equal(_rgba(res)[:, :3], np.tile(want, (2, 1)))
    assert np.array_equal(_rgba(res)[:, 3], np.ones(2, F32))


# --- API ------------------------------------------------------------------------------------------

VS_TEXT = """//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_VertexID              0   x           0   VERTID    uint   x
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// COLOR                    0   xyz         0     NONE   float   xyz
// SV_POSITION              0   xyzw        1      POS   float   xyzw
//
vs_5_0
dcl_input_sgv v0.x, vertex_id
dcl_output o0.xyz
dcl_output_siv o1.xyzw, position
dcl_temps 1
ieq r0.xy, v0.xxxx, l(2, 1, 0, 0)
movc o1.xy, r0.xyxx, l(3.000000, 3.000000, 0.000000, 0.000000), l(-1.000000, -1.000000, 0.000000, 0.000000)
mov o1.zw, l(0, 0, 0.500000, 1.000000)
mov o0.xyz, l(0.250000, 0.500000, 0.750000, 0)
ret
"""


@pytest.fixture
def api():
    from pyd3d11.api import create_device as cd
    from pyd3d11.api import debug as dbg

    dev, _level, ctx = cd.D3D11CreateDevice(None, 1, None, 0x2, None, 0, 7)
    return dev, ctx, dev.QueryInterface(dbg.ID3D11InfoQueue)


def _raw(name: str) -> bytes:
    return (conformance_path("dxbc-corpus", "slimshader") / f"{name}.o").read_bytes()


def test_draw_with_class_instances(api):
    from pyd3d11.api.convenience import texture_to_numpy
    from pyd3d11.shader.dxbc.asm import assemble_shader

    dev, ctx, q = api
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(_raw("HlslCrossCompiler/ps5/interfaces"), None, link)
    vs = dev.CreateVertexShader(assemble_shader(VS_TEXT), None, None)
    tex = dev.CreateTexture2D(dict(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=2,  # R32G32B32A32_FLOAT
                                   SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [dict(TopLeftX=0, TopLeftY=0, Width=2, Height=2, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(4)
    ctx.VSSetShader(vs, None, 0)
    inst = {n: link.CreateClassInstance(n, 0, 0, 0, 0)
            for n in ("cHalfColour", "cDoubleColour", "cUnchangedColour", "OneAlpha", "TwoThirdsAlpha")}
    colour = np.array([0.25, 0.5, 0.75], F32)
    for a, b, alpha, scale, alpha_value in (("cDoubleColour", "cDoubleColour", "TwoThirdsAlpha", 4, 0.66),
                                            ("cHalfColour", "cUnchangedColour", "OneAlpha", 0.5, 1.0)):
        ctx.PSSetShader(ps, [inst[a], inst[b], inst[alpha]], 3)
        ctx.Draw(3, 0)
        px = texture_to_numpy(ctx, tex)
        assert np.array_equal(px[..., :3], np.broadcast_to(colour * F32(scale), (2, 2, 3)))
        assert np.array_equal(px[..., 3], np.full((2, 2), F32(alpha_value)))
    got_ps, got_inst = ctx.PSGetShader(3)
    assert got_ps is ps and [i.GetTypeName() for i in got_inst] == ["cHalfColour", "cUnchangedColour", "OneAlpha"]
    # an interface slot left unbound: the draw still runs, with a debug-layer warning
    n = q.GetNumStoredMessages()
    ctx.PSSetShader(ps, [inst["cDoubleColour"], None, inst["OneAlpha"]], 3)
    ctx.Draw(3, 0)
    assert q.GetNumStoredMessages() > n and "interface slot 1" in q.GetMessage(n).pDescription
    assert np.array_equal(texture_to_numpy(ctx, tex)[0, 0, :3], colour * F32(2))


def test_get_class_instance_from_ifce(api):
    dev, _ctx, _q = api
    link = dev.CreateClassLinkage()
    with pytest.raises(InvalidArgError):
        link.GetClassInstance("g_roughMaterial", 0)  # no shader created with the linkage yet
    dev.CreatePixelShader(_raw("Sdk/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_PS"), None, link)
    inst = link.GetClassInstance("g_roughMaterial", 0)
    # listing row: "g_roughMaterial  2  1  3  -  -", class type 2 = cRoughMaterial
    assert (inst.GetInstanceName(), inst.GetTypeName()) == ("g_roughMaterial", "cRoughMaterial")
    d = inst.GetDesc()
    assert (d.TypeId, d.ConstantBuffer, d.BaseConstantBufferOffset, d.Created) == (2, 1, 3, 0)
    assert link.GetClassInstance("g_roughMaterial", 0) is inst and inst.GetClassLinkage() is link
    with pytest.raises(InvalidArgError):
        link.GetClassInstance("g_nothing", 0)
    made = link.CreateClassInstance("cAmbientLight", 0, 2, 0, 0)
    md = made.GetDesc()
    assert (md.TypeId, md.ConstantBuffer, md.BaseConstantBufferOffset, md.Created) == (12, 0, 2, 1)
    assert made.GetInstanceName() == "" and made.GetTypeName() == "cAmbientLight"
    with pytest.raises(InvalidArgError):
        link.CreateClassInstance("cAmbientLight", 14, 0, 0, 0)  # cb slot past the 14 API slots


def test_class_instance_types_checked_per_slot(api):
    from pyd3d11.api.shaders import class_bindings

    dev, _ctx, _q = api
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(_raw("HlslCrossCompiler/ps5/interfaces"), None, link)
    one = link.CreateClassInstance("OneAlpha", 0, 0, 0, 0)
    half = link.CreateClassInstance("cHalfColour", 3, 4, 0, 0)
    slots, problems = class_bindings(ps, [half, one, one])
    assert slots[0] == ClassBinding(HALF0, (3, 4, 0, 0)) and slots[1] is None and slots[2] == ClassBinding(ONE,
                                                                                                             (0, 0, 0, 0))
    assert problems == ["class instance of type 'OneAlpha' cannot be bound to interface slot 1"]
