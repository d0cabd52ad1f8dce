"""Interfaces and class linkage: the gaps issue 15 named (hull shaders, overloaded methods, class instance
arrays, *SetShader-time validation) and a real program (the SDK sample DynamicShaderLinkage11) compiled by this
compiler and run through the API.

Sources: MicrosoftDocs direct3dhlsl "Interfaces and Classes" / "Dynamic Linking" (methods are declared as
functions are, so a class's or interface's methods of one name overload by parameter types as functions do:
"Function Overloading" rules); MicrosoftDocs d3d11 ID3D11ClassLinkage::GetClassInstance ("InstanceIndex: the
index of the class instance"), D3D11_CLASS_INSTANCE_DESC; D3D11.3 functional spec §22.3.49 dcl_function_body
("In the Hull Shader ... all function bodies (label fb#) appear after all the phases"), §22.7.19 fcall,
§22.7.20 this[]; cbuffer packing ("Packing Rules for Constant Variables": each array element starts a new
16-byte register). Inferred, and said so where used: the IFCE encoding of an instance array (one row, its
element count in the u16 fxc writes 1 into) and the debug-layer texts of the *SetShader messages (their IDs are
d3d11sdklayers.h's).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import conformance_path

from pyd3d11.errors import InvalidArgError, ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.dxbc.ifce import parse_ifce
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.exec.interfaces import ClassBinding, link_program

F32 = np.float32


def _compile(src: str, target: str = "ps_5_0", entry: str = "main") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, target))


def _error(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    return info.value.errors


# --- overloaded methods --------------------------------------------------------------------------------------
CLASS_OVERLOADS = """
class cA {
    float k;
    float f(float x) { return x * 10; }
    float f(float2 x) { return x.x + x.y * 100; }
    float f(int a, int b) { return a - b; }
    float g(float x) { return 1; }
    float g(half x) { return 2; }
};
cA g_a;
float4 main(float4 p : P) : SV_Target { return float4(g_a.f(p.x), g_a.f(p.xy), g_a.f(7, 2), g_a.g(p.z)); }
"""


def test_class_method_overloads_pick_by_argument_types():
    from test_hlsl_features import run_ps

    # p = (0.5, 0.25, 3, 0) per pixel from the VS input; f(float) = 5, f(float2) = 0.5 + 25, f(int, int) = 5,
    # g(float) exact over g(half)
    out = run_ps(CLASS_OVERLOADS.replace("float4 p : P", "float4 p : SV_Position")
                 .replace("g_a.f(p.x)", "g_a.f(0.5)").replace("g_a.f(p.xy)", "g_a.f(float2(0.5, 0.25))")
                 .replace("g_a.g(p.z)", "g_a.g(3.0)"), {}, 1)
    assert out[0, 0].view(F32).tolist() == [5.0, 25.5, 5.0, 1.0]


def test_class_method_without_a_viable_overload_is_x3013():
    src = """class cA { float k; float f(float x) { return x; } float f(float2 x) { return x.x; } };
    cA g_a;
    float4 main(float4 p : P) : SV_Target { return g_a.f(1, 2, 3); }"""
    assert "error X3013: 'cA::f': no matching 3 parameter method" in _error(src)


def test_ambiguous_class_method_call_is_x3067():
    src = """class cA { float k; float f(int x) { return 1; } float f(uint x) { return 2; } };
    cA g_a;
    float4 main(float4 p : P) : SV_Target { return g_a.f(p.x); }"""
    assert "error X3067" in _error(src)


INTERFACE_OVERLOADS = """
interface iF { float f(float x); float f(float2 x); };
class cMul : iF { float k; float f(float x) { return x * k; } float f(float2 x) { return (x.x + x.y) * k; } };
class cAdd : iF { float k; float f(float x) { return x + k; } float f(float2 x) { return x.x - x.y + k; } };
cMul g_mul;
cAdd g_add;
iF g_i;
float4 main(float4 p : P) : SV_Target { return float4(g_i.f(p.x), g_i.f(p.xy), 0, 1); }
"""


@pytest.mark.parametrize("inst,expect", [("g_mul", lambda x, y, k: (x * k, (x + y) * k)),
                                         ("g_add", lambda x, y, k: (x + k, x - y + k))])
def test_interface_method_overloads_each_get_their_implementation(inst, expect):
    from pyd3d11.api import create_device as cd
    from pyd3d11.api.shaders import class_bindings

    blob = _compile(INTERFACE_OVERLOADS)
    dev, _level, _ctx = cd.D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(blob, None, link)
    ci = link.GetClassInstance(inst, 0)
    slots, problems = class_bindings(ps, [ci])
    assert not problems
    d = ci.GetDesc()
    cb = np.zeros((4, 4), F32)
    cb[d.BaseConstantBufferOffset, 0] = 3.0  # the instance's k
    b = Bindings()
    b.set_cbuffer(d.ConstantBuffer, cb)
    prog = link_program(decode_program(parse_container(blob).program), slots)
    from pyd3d11.shader.exec import run_program

    inputs = np.array([[[2.0, 0.5, 0, 0], [-1.0, 4.0, 0, 0]]], F32)
    res = run_program(prog, 2, inputs=inputs, bindings=b)
    out = res.outputs[0].view(F32)
    for lane, (x, y) in enumerate([(2.0, 0.5), (-1.0, 4.0)]):
        assert out[lane, :2].tolist() == list(expect(x, y, 3.0))


# --- interface calls in hull shaders ---------------------------------------------------------------------------
HS = """
interface iF { float f(float x); };
class cOne : iF { float k; float f(float x) { return x * k; } };
class cTwo : iF { float f(float x) { return x + 2; } };
iF g_f;
cOne g_one;
struct V { float4 p : P; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pc(InputPatch<V, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = g_f.f(ip[0].p.x); o.i = 1; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pc")]
V main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID) { V o = ip[i]; o.p.y = g_f.f(o.p.y); return o; }
"""


def test_hull_shader_function_bodies_follow_all_phases():
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    lines = compile_hlsl(HS, "t.hlsl", "main", "hs_5_0").listing.splitlines()
    phases = [k for k, ln in enumerate(lines) if ln.startswith(("hs_control_point_phase", "hs_fork_phase"))]
    labels = [k for k, ln in enumerate(lines) if ln.startswith("label fb")]
    fcalls = [k for k, ln in enumerate(lines) if ln.startswith("fcall")]
    assert len(phases) == 2 and len(fcalls) == 2 and labels
    assert min(labels) > max(fcalls) > phases[-1] > min(fcalls) > phases[0]  # one call per phase, bodies last
    # every body ends with ret before the next label
    assert all(lines[k - 1] == "ret" for k in labels[1:]) and lines[-1] == "ret"


@pytest.mark.parametrize("which", ["cOne", "cTwo"])
def test_hull_shader_interface_calls_run_in_both_phases(which):
    from pyd3d11.pipeline.hull import run_hull_shader

    blob = _compile(HS, "hs_5_0")
    ifce = parse_ifce(parse_container(blob).get("IFCE"))
    tid = ifce.type_id(which)
    rec = ifce.slot_record(0)
    table = rec.table_ids[rec.type_ids.index(tid)]
    one = ifce.class_instances[0]
    assert one.name == "g_one"
    this = (one.constant_buffer, one.cb_offset, 0xFFFF, 0xFFFF)
    prog = link_program(decode_program(parse_container(blob).program), [ClassBinding(table, this)])
    cb = np.zeros((1, 4), F32)
    cb[one.cb_offset, 0] = 3.0  # g_one.k
    b = Bindings()
    b.set_cbuffer(one.constant_buffer, cb)
    cp = np.zeros((2, 3, 1, 4), F32)
    cp[..., 0, :] = np.arange(24, dtype=F32).reshape(2, 3, 4)
    out_cp, _pc, tf = run_hull_shader(prog, b, cp, np.arange(2))

    def f(x):
        return x * F32(3) if which == "cOne" else x + F32(2)

    got = out_cp[..., 0, :].view(F32)
    assert np.array_equal(got[..., 1], f(cp[..., 0, 1]))  # control-point phase: o.p.y = f(p.y)
    assert np.array_equal(got[..., [0, 2, 3]], cp[..., 0, :][..., [0, 2, 3]])
    for e in range(3):  # fork phase: edge factors f(ip[0].p.x)
        assert np.array_equal(tf[:, e], f(cp[:, 0, 0, 0]))


# --- class instance arrays -------------------------------------------------------------------------------------
ARRAYS = """
interface iL { float3 f(float3 c); };
class cA : iL { float3 k; float3 f(float3 c) { return c * k; } };
class cB : iL { float3 m; float pad; float3 n; float3 f(float3 c) { return c + m + n; } };
cA g_a[3];
cB g_b;
cB g_bs[2];
iL g_l;
float4 main(float3 c : C) : SV_Target { return float4(g_l.f(c), 1); }
"""


@pytest.fixture
def dev_ctx():
    from pyd3d11.api import create_device as cd
    from pyd3d11.api import debug as dbg

    dev, _level, ctx = cd.D3D11CreateDevice(None, 1, None, 0x2, None, 0, 7)
    return dev, ctx, dev.QueryInterface(dbg.ID3D11InfoQueue)


def test_get_class_instance_of_array_elements(dev_ctx):
    dev, _ctx, _q = dev_ctx
    link = dev.CreateClassLinkage()
    dev.CreatePixelShader(_compile(ARRAYS), None, link)
    # $Globals in declaration order, each array element on its own 16-byte register: g_a[0..2] at 0-2 (cA is one
    # register), g_b at 3-4 (m + pad, n), g_bs[0] at 5-6 and g_bs[1] at 7-8
    want = {("g_a", 0): 0, ("g_a", 1): 1, ("g_a", 2): 2, ("g_b", 0): 3, ("g_bs", 0): 5, ("g_bs", 1): 7}
    for (name, i), off in want.items():
        inst = link.GetClassInstance(name, i)
        d = inst.GetDesc()
        assert (d.InstanceIndex, d.ConstantBuffer, d.BaseConstantBufferOffset, d.Created) == (i, 0, off, 0)
        assert inst.GetInstanceName() == name and inst.GetTypeName() == ("cA" if name == "g_a" else "cB")
        assert link.GetClassInstance(name, i) is inst  # gotten once, then the same object
    for name, past in (("g_a", 3), ("g_b", 1), ("g_bs", 2)):
        with pytest.raises(InvalidArgError):
            link.GetClassInstance(name, past)


def test_array_element_instance_selects_its_data_in_a_draw(dev_ctx):
    from pyd3d11.api.convenience import texture_to_numpy

    dev, ctx, _q = dev_ctx
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(_compile(ARRAYS), None, link)
    vs = dev.CreateVertexShader(_compile(
        "void main(uint id : SV_VertexID, out float3 c : C, out float4 p : SV_Position) {"
        " p = float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1); c = float3(1, 2, 4); }", "vs_5_0"), None, None)
    tex = dev.CreateTexture2D(dict(Width=1, Height=1, MipLevels=1, ArraySize=1, Format=2,
                                   SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [dict(TopLeftX=0, TopLeftY=0, Width=1, Height=1, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(4)
    ctx.VSSetShader(vs, None, 0)
    data = np.zeros((9, 4), F32)
    data[0:3, :3] = [[1, 1, 1], [2, 3, 5], [0.5, 0.25, 0.125]]  # g_a[i].k
    data[7, :3], data[8, :3] = (10, 20, 30), (100, 200, 300)  # g_bs[1].m, .n
    cb = dev.CreateBuffer(dict(ByteWidth=data.nbytes, Usage=0, BindFlags=4, CPUAccessFlags=0, MiscFlags=0,
                               StructureByteStride=0), dict(pSysMem=data.tobytes()))
    ctx.PSSetConstantBuffers(0, 1, [cb])
    c = np.array([1, 2, 4], F32)
    for name, i, want in (("g_a", 1, c * F32([2, 3, 5])), ("g_a", 2, c * F32([0.5, 0.25, 0.125])),
                          ("g_bs", 1, c + F32([10, 20, 30]) + F32([100, 200, 300]))):
        ctx.PSSetShader(ps, [link.GetClassInstance(name, i)], 1)
        ctx.Draw(3, 0)
        assert texture_to_numpy(ctx, tex)[0, 0, :3].tolist() == want.tolist(), (name, i)


def test_ifce_row_of_an_instance_array():
    ifce = parse_ifce(parse_container(_compile(ARRAYS)).get("IFCE"))
    rows = {ci.name: (ci.flag, ci.cb_offset) for ci in ifce.class_instances}
    assert rows == {"g_a": (3, 0), "g_b": (1, 3), "g_bs": (2, 5)}
    strides = {t.name: t.cb_stride for t in ifce.class_types}
    assert strides == {"cA": 1, "cB": 2}  # both types now have laid-out instances


# --- *SetShader-time validation ---------------------------------------------------------------------------------
def _messages(q, start: int) -> list[str]:
    return [q.GetMessage(k).pDescription for k in range(start, q.GetNumStoredMessages())]


def test_set_shader_reports_instance_count_type_and_linkage(dev_ctx):
    dev, ctx, q = dev_ctx
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(_compile(INTERFACE_OVERLOADS), None, link)  # one interface slot
    mul = link.GetClassInstance("g_mul", 0)
    n = q.GetNumStoredMessages()
    ctx.PSSetShader(ps, [mul], 1)
    assert _messages(q, n) == []  # a correct call says nothing
    n = q.GetNumStoredMessages()
    ctx.PSSetShader(ps, None, 0)
    msgs = _messages(q, n)
    assert len(msgs) == 1 and "NumClassInstances (0)" in msgs[0] and "INTERFACE_COUNT_MISMATCH" in msgs[0]
    assert ctx.PSGetShader(0)[0] is ps  # reported, not dropped
    n = q.GetNumStoredMessages()
    ctx.PSSetShader(ps, [mul, mul], 2)
    assert any("INTERFACE_COUNT_MISMATCH" in m for m in _messages(q, n))
    # an instance of a class the slot does not accept
    other = dev.CreateClassLinkage()
    ps2 = dev.CreatePixelShader(_compile(ARRAYS), None, other)
    n = q.GetNumStoredMessages()
    ctx.PSSetShader(ps, [link.CreateClassInstance("cNothing", 0, 0, 0, 0)], 1)
    assert any("INVALID_INSTANCE_TYPE" in m for m in _messages(q, n))
    # an instance of another class linkage
    n = q.GetNumStoredMessages()
    ctx.PSSetShader(ps2, [mul], 1)
    msgs = _messages(q, n)
    assert any("SETSHADER_INVALID_INSTANCE " in m or "SETSHADER_INVALID_INSTANCE]" in m
               or ": DEVICE_SETSHADER_INVALID_INSTANCE" in m for m in msgs), msgs
    # a shader without interfaces given instances
    n = q.GetNumStoredMessages()
    plain = dev.CreatePixelShader(_compile("float4 main() : SV_Target { return 1; }"), None, None)
    ctx.PSSetShader(plain, [mul], 1)
    assert any("NumClassInstances (1)" in m for m in _messages(q, n))


# --- the SDK sample DynamicShaderLinkage11, compiled here ----------------------------------------------------
def _dsl_source() -> tuple[str, object]:
    root = conformance_path("dxbc-corpus", "slimshader", "Sdk", "Direct3D11", "DynamicShaderLinkage11")
    src = (root / "DynamicShaderLinkage11_PS.hlsl").read_text()

    class Include:
        def Open(self, IncludeType, pFileName, pParentData):  # noqa: N802,N803
            return (root / pFileName).read_bytes()

        def Close(self, pData):  # noqa: N802,N803
            return None

    return src, Include()


def test_dynamic_shader_linkage_sample_compiles_to_fxc_tables():
    """The IFCE rows of the sample's PSMain as fxc wrote them (the corpus listing next to the source)."""
    src, inc = _dsl_source()
    blob = bytes(D3DCompile(src, None, "DynamicShaderLinkage11_PS.hlsl", None, inc, "PSMain", "ps_5_0"))
    ifce = parse_ifce(parse_container(blob).get("IFCE"))
    rows = [(ci.name, ifce.class_types[ci.type_id].name, ci.constant_buffer, ci.cb_offset)
            for ci in ifce.class_instances]
    # the listing's "Available Class Instances": (name, type, CB, CB offset)
    assert sorted(rows) == sorted([
        ("g_ambientLight", "cAmbientLight", 0, 0), ("g_hemiAmbientLight", "cHemiAmbientLight", 0, 1),
        ("g_directionalLight", "cDirectionalLight", 0, 4), ("g_environmentLight", "cEnvironmentLight", 0, 6),
        ("g_plasticMaterial", "cPlasticMaterial", 1, 0), ("g_plasticTexturedMaterial", "cPlasticTexturedMaterial", 1, 1),
        ("g_plasticLightingOnlyMaterial", "cPlasticLightingOnlyMaterial", 1, 2),
        ("g_roughMaterial", "cRoughMaterial", 1, 3), ("g_roughTexturedMaterial", "cRoughTexturedMaterial", 1, 4),
        ("g_roughLightingOnlyMaterial", "cRoughLightingOnlyMaterial", 1, 5)])
    assert ifce.slot_count == 4


@pytest.mark.parametrize("material,colour,ambient_on", [
    ("g_roughMaterial", (0.75, 0.5, 0.25), True), ("g_plasticMaterial", (1.0, 0.5, 0.5), True),
    ("g_roughMaterial", (0.75, 0.5, 0.25), False)])
def test_dynamic_shader_linkage_sample_runs_through_the_class_linkage(material, colour, ambient_on):
    """Directional light disabled, environment light black: colour = saturate(material colour * ambient colour)
    (the sample's cAmbientLight::IlluminateAmbient and cBaseMaterial::GetAmbientColor)."""
    from pyd3d11.api import create_device as cd
    from pyd3d11.api.shaders import class_bindings
    from pyd3d11.shader.exec import run_program

    src, inc = _dsl_source()
    blob = bytes(D3DCompile(src, None, "DynamicShaderLinkage11_PS.hlsl", None, inc, "PSMain", "ps_5_0"))
    dev, _level, _ctx = cd.D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(blob, None, link)
    insts = [link.GetClassInstance(n, 0) for n in (material, "g_ambientLight", "g_directionalLight",
                                                    "g_environmentLight")]
    slots, problems = class_bindings(ps, insts)
    assert not problems
    cb0 = np.zeros((8, 4), F32)
    cb0[0, :3] = (0.5, 0.25, 1.0)  # g_ambientLight.m_vLightColor
    cb0[0, 3] = np.uint32(0xFFFFFFFF if ambient_on else 0).view(F32)  # m_bEnable
    cb0[4, :3] = (1.0, 1.0, 1.0)  # g_directionalLight colour, m_bEnable false
    cb0[5, :3] = (0.0, 0.0, 1.0)
    cb0[7, :3] = (0.0, 0.0, 1.0)  # g_vEyeDir
    cb1 = np.zeros((6, 4), F32)
    off = insts[0].GetDesc().BaseConstantBufferOffset
    cb1[off, :3] = colour
    cb1[off, 3] = np.int32(8).view(F32)  # m_iSpecPower
    b = Bindings()
    b.set_cbuffer(0, cb0)
    b.set_cbuffer(1, cb1)

    class BlackTextures:
        def sample(self, st, inst, srcs):
            return np.zeros((4, st.n), np.uint32)

    prog = link_program(decode_program(parse_container(blob).program), slots)
    n_in = max(e.register for e in parse_container(blob).input_signature.elements) + 1
    inputs = np.zeros((n_in, 2, 4), F32)
    normal = next(e.register for e in parse_container(blob).input_signature.elements
                  if e.semantic_name.upper() == "NORMAL")
    inputs[normal, :, :3] = (0.0, 0.0, 1.0)
    res = run_program(prog, 2, inputs=inputs, bindings=b, hooks=BlackTextures())
    want = np.array(colour, F32) * (np.array([0.5, 0.25, 1.0], F32) if ambient_on else F32(0))
    out = res.outputs[0].view(F32)
    assert np.array_equal(out[:, :3], np.tile(want, (2, 1)))
    assert np.array_equal(out[:, 3], np.ones(2, F32))


def test_hull_shader_with_interface_calls_is_created_through_the_api(dev_ctx):
    """The bodies after the phases run with the calling phase's temps: validation checks them against the
    largest phase declaration (the control-point phase's body here uses r2, the last phase declares 2)."""
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    dev, _ctx, _q = dev_ctx
    link = dev.CreateClassLinkage()
    blob = _compile(HS, "hs_5_0")
    text = compile_hlsl(HS, "t.hlsl", "main", "hs_5_0").listing
    temps = [int(ln.split()[1]) for ln in text.splitlines() if ln.startswith("dcl_temps")]
    assert len(temps) == 2 and temps[0] > temps[-1]  # the case the rule is about
    dev.CreateHullShader(blob, None, link)
    assert link.GetClassInstance("g_one", 0).GetTypeName() == "cOne"


def test_hull_shader_body_past_every_phase_temps_is_refused(dev_ctx):
    from pyd3d11.shader.dxbc.asm import assemble_shader

    dev, _ctx, _q = dev_ctx
    src = """hs_5_0
hs_decls
dcl_input_control_point_count 1
dcl_output_control_point_count 1
dcl_tessellator_domain domain_isoline
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_line
hs_fork_phase
dcl_output_siv o0.x, finalLineDetailTessFactor
dcl_output_siv o1.x, finalLineDensityTessFactor
dcl_temps 1
call l0
mov o0.x, r0.x
mov o1.x, r0.x
ret
label l0
mov r0.x, l(1.000000)
mov r{reg}.x, l(1.000000)
ret
"""
    dev.CreateHullShader(assemble_shader(src.format(reg=0)), None, None)
    with pytest.raises(InvalidArgError, match="past dcl_temps"):
        dev.CreateHullShader(assemble_shader(src.format(reg=1)), None, None)
