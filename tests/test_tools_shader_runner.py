"""The shader-test runner: parser (every section and directive form), conditions, number parsing,
probe comparison, uniforms, shader-model ranges; an execution smoke test with an assembled compute
shader; and a corpus run (compile-only over every file, execution over a few)."""

from __future__ import annotations

import json
import struct

import numpy as np
import pytest
from conftest import conformance_path

from pyd3d11 import headers as H
from pyd3d11.errors import E_FAIL, E_NOTIMPL, S_OK
from pyd3d11.tools import shader_runner as SR
from pyd3d11.tools import shader_test_format as F

# ---------------------------------------------------------------------------------------------------
# lexing


def test_lex_sections_brackets_comments_and_empty_lines():
    text = ("% leading comment\n[pixel shader]\nfloat4 main() : sv_target\n\n% dropped\n{\n"
            "    [numthreads(1,1,1)]\n    return 0;\n}\n[test]\ndraw quad\n")
    secs = F.lex_sections(text)
    assert [s.header for s in secs] == ["pixel shader", "test"]
    assert secs[0].line == 2 and secs[1].line == 10
    # the empty line and the % line are gone; the indented attribute stays inside the shader
    assert [t for _, t in secs[0].lines] == ["float4 main() : sv_target", "{", "    [numthreads(1,1,1)]",
                                             "    return 0;", "}"]
    assert secs[0].lines[1][0] == 6  # original line numbers kept
    with pytest.raises(F.ShaderTestSyntaxError):
        F.lex_sections("[test\n")


# ---------------------------------------------------------------------------------------------------
# conditions and qualifiers


@pytest.mark.parametrize("cond,sm,want", [
    ("sm>=4", (4, 0), True), ("sm>=4", (3, 0), False), ("sm<6", (5, 0), True), ("sm<6", (6, 0), False),
    ("sm>=5.1", (5, 0), False), ("sm>=5.1", (5, 1), True), ("sm<4 | msl & sm>=6", (6, 0), False),
    ("sm<4 | msl & sm>=6", (3, 0), True), ("sm>=6 | !d3d12", (4, 0), True), ("!warp | sm>=6", (5, 0), True),
    ("glsl | msl", (5, 0), False), ("sm>=4 & sm<6", (5, 0), True), ("sm>=4 & sm<6", (6, 0), False),
    ("mvk<1.2.11", (5, 0), False), (None, (4, 0), True),
])
def test_condition_grammar(cond, sm, want):
    assert F.evaluate_condition(cond, sm) is want


def test_condition_rejects_unknown_atoms():
    with pytest.raises(F.ShaderTestSyntaxError):
        F.evaluate_condition("sm>=4 & banana", (4, 0))


def test_prefix_qualifiers():
    quals, rest = F.split_prefix_qualifiers("todo(sm<6 | msl) bug(mvk) if(sm>=4) probe (0, 0) rgba(1, 2, 3, 4)")
    assert quals == [("todo", "sm<6 | msl"), ("bug", "mvk"), ("if", "sm>=4")]
    assert rest == "probe (0, 0) rgba(1, 2, 3, 4)"
    quals, rest = F.split_prefix_qualifiers("todo draw point list 1")
    assert quals == [("todo", None)] and rest == "draw point list 1"
    quals, rest = F.split_prefix_qualifiers("draw quad")
    assert quals == [] and rest == "draw quad"


def test_shader_header_qualifiers():
    sh = F.parse_shader_header("pixel shader fail(sm<5) notimpl(sm>=6) todo(sm>=5.1)")
    assert sh.stage == "ps" and sh.source_format == "hlsl"
    assert sh.expected_hr((4, 0)) == E_FAIL and sh.expected_hr((4, 1)) == E_FAIL
    assert sh.expected_hr((5, 0)) == S_OK and sh.expected_hr((6, 0)) == E_NOTIMPL
    assert not sh.is_todo((5, 0)) and sh.is_todo((5, 1))
    assert F.parse_shader_header("compute shader fail").expected_hr((5, 0)) == E_FAIL  # all models
    hexh = F.parse_shader_header("pixel shader dxbc-tpf-hex")
    assert hexh.source_format == "dxbc-tpf-hex" and hexh.expected_hr((5, 0)) == S_OK
    assert F.parse_shader_header("effect").stage == "fx"
    assert F.parse_shader_header("hull shader todo").stage == "hs"
    assert F.parse_shader_header("sampler 0") is None
    with pytest.raises(F.ShaderTestSyntaxError):
        F.parse_shader_header("pixel shader sometimes")


def test_parse_hex_words_and_comments():
    body = "43425844 1ab08b1b  % DXBC header\n% a whole comment line\n00000001\n"
    assert F.parse_hex(body) == struct.pack("<3I", 0x43425844, 0x1AB08B1B, 1)
    with pytest.raises(F.ShaderTestSyntaxError):
        F.parse_hex("4342584")  # 7 digits


# ---------------------------------------------------------------------------------------------------
# numbers


def test_data_words_integer_vs_float_pitfalls():
    # '1' is the integer 1 (not 1.0f = 0x3f800000); -1 wraps to 0xffffffff; 0x hex; leading 0 octal
    words = F.parse_data_words("1 1.0 -1 0x10 010 -2.5 0.5")
    assert words == [1, 0x3F800000, 0xFFFFFFFF, 16, 8, 0xC0200000, 0x3F000000]
    with pytest.raises(F.ShaderTestSyntaxError):
        F.parse_data_words("abc")


def test_c_number_readers():
    assert F.strtoul("  0xffffffff, 2") == (0xFFFFFFFF, ", 2")
    assert F.strtoul("-2") == (0xFFFFFFFE, "")
    assert F.strtol("-7") == ((-7) & 0xFFFFFFFF, "")
    assert F.strtof("1e-45") == (1, "")  # the smallest denormal
    assert F.strtof("-0.0")[0] == 0x80000000
    assert F.strtof("inf")[0] == 0x7F800000
    assert F.strtod("0.5") == (0x3FE0000000000000, "")
    assert F.strtoul("x") == (0, "x")


# ---------------------------------------------------------------------------------------------------
# sections


def _lines(*t):
    return [(i + 1, s) for i, s in enumerate(t)]


def test_resource_defaults_and_forms():
    srv = F.parse_resource("srv", 0, _lines("size (2d, 2, 2)", "1.0 2.0 3.0 4.0"))
    assert srv.format.name == "DXGI_FORMAT_R32G32B32A32_FLOAT" and srv.texel_size == 16
    assert (srv.dimension, srv.width, srv.height) == ("2d", 2, 2)
    assert srv.data == [0x3F800000, 0x40000000, 0x40400000, 0x40800000]
    uav = F.parse_resource("uav", 2, _lines("format r32-uint", "size (buffer, 4)", "1 2 3 4"))
    assert uav.format.name == "DXGI_FORMAT_R32_UINT" and uav.is_buffer and uav.width == 4 and uav.data == [1, 2, 3, 4]
    st = F.parse_resource("uav", 1, _lines("stride 8", "size (buffer, 3)"))
    assert st.stride == 8 and st.texel_size == 8 and st.format.name == "DXGI_FORMAT_UNKNOWN"
    cnt = F.parse_resource("uav", 1, _lines("size (counter_buffer, 5)"))
    assert cnt.dimension == "counter_buffer" and cnt.stride == 4 and cnt.explicit_format
    ms = F.parse_resource("rtv", 0, _lines("format r32g32b32a32-float", "size (2dms, 4, 640, 480)"))
    assert (ms.sample_count, ms.width, ms.height) == (4, 640, 480)
    cube = F.parse_resource("srv", 0, _lines("size (cube, 2)", "levels 2"))
    assert cube.layers == 6 and cube.width == cube.height == 2 and cube.levels == 2
    arr = F.parse_resource("srv", 0, _lines("size (2darray, 4, 4, 3)"))
    assert arr.layers == 3
    vol = F.parse_resource("srv", 0, _lines("size (3d, 2, 2, 2)"))
    assert vol.depth == 2 and vol.layers == 1
    dsv = F.parse_resource("dsv", 0, _lines("size (2d, 640, 480)"))
    assert dsv.format.name == "DXGI_FORMAT_D32_FLOAT" and dsv.format.is_shadow
    vb = F.parse_resource("vb", 0, _lines("-1.0 -1.0", "3.0 -1.0", "-1.0 3.0"))
    assert vb.width == 24 and vb.is_buffer  # the data defines the size
    shadow = F.parse_resource("srv", 0, _lines("format r32-float-shadow"))
    assert shadow.format.name == "DXGI_FORMAT_R32_FLOAT" and shadow.format.is_shadow
    raw = F.parse_resource("uav", 0, _lines("format r32-typeless", "size (raw_buffer, 4)"))
    assert raw.dimension == "raw_buffer"
    with pytest.raises(F.ShaderTestSyntaxError):
        F.parse_resource("srv", 0, _lines("size (4d, 1)"))
    with pytest.raises(F.ShaderTestSyntaxError):
        F.parse_resource("srv", 0, _lines("format r8g8b8a8-unorm"))
    assert F.parse_resource_header("srv 3") == ("srv", 3) and F.parse_resource_header("dsv") == ("dsv", 0)


def test_sampler_encoding_matches_d3d11_values():
    s = F.parse_sampler(1, _lines("filter linear linear linear", "address wrap border mirror_once"))
    assert s.filter == H.D3D11_FILTER_MIN_MAG_MIP_LINEAR
    assert s.address == (H.D3D11_TEXTURE_ADDRESS_WRAP, H.D3D11_TEXTURE_ADDRESS_BORDER,
                         H.D3D11_TEXTURE_ADDRESS_MIRROR_ONCE)
    c = F.parse_sampler(0, _lines("comparison greater equal", "filter point linear point"))
    assert c.filter == H.D3D11_FILTER_COMPARISON_MIN_POINT_MAG_LINEAR_MIP_POINT
    assert c.comparison == H.D3D11_COMPARISON_GREATER_EQUAL
    d = F.parse_sampler(2, [])
    assert d.filter == H.D3D11_FILTER_MIN_MAG_MIP_POINT and d.address == (H.D3D11_TEXTURE_ADDRESS_CLAMP,) * 3
    with pytest.raises(F.ShaderTestSyntaxError):
        F.parse_sampler(0, _lines("filter anisotropic"))


def test_input_layout_and_strides():
    lay = F.parse_input_layout(_lines("0 r32g32-float POSITION", "1 r32-float CLIP_DISTANCE", "0 r32g32b32a32-uint "
                                      "TEXCOORD 2"))
    assert [(e.slot, e.semantic, e.index) for e in lay] == [(0, "POSITION", 0), (1, "CLIP_DISTANCE", 0),
                                                            (0, "TEXCOORD", 2)]
    assert F.vb_stride(lay, 0) == 8 + 16 and F.vb_stride(lay, 1) == 4 and F.vb_stride(lay, 2) == 0


def test_require_parsing_and_model_ranges():
    req = F.parse_require(_lines("shader model >= 5.0", "shader model < 6.0", "options: row-major backcompat",
                                 "float64", "format r32-uint uav-load"))
    assert req.min_model == (5, 0) and req.max_model_exclusive == (6, 0)
    assert req.compile_options == H.D3DCOMPILE_PACK_MATRIX_ROW_MAJOR | H.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
    assert req.caps == {"float64"} and req.uav_load_formats == ["r32-uint"]
    with pytest.raises(F.ShaderTestSyntaxError):
        F.parse_require(_lines("shader model >= banana"))
    with pytest.raises(F.ShaderTestSyntaxError):
        F.parse_require(_lines("teleportation"))
    lo4, hi4 = SR.PASSES["4"]
    lo5, hi5 = SR.PASSES["5"]
    assert F.model_range(F.Requirements(), lo4, hi4) == ((4, 0), True)
    assert F.model_range(F.parse_require(_lines("shader model >= 5.0")), lo4, hi4) == ((5, 0), True)
    assert F.model_range(F.parse_require(_lines("shader model >= 4.1")), lo4, hi4) == ((4, 1), True)
    assert F.model_range(F.parse_require(_lines("shader model < 4.0")), lo4, hi4)[1] is False
    assert F.model_range(F.parse_require(_lines("shader model >= 6.0")), lo4, hi4)[1] is False
    assert F.model_range(F.parse_require(_lines("shader model >= 5.1")), lo4, hi4)[1] is False
    assert F.model_range(F.parse_require(_lines("shader model < 5.0")), lo5, hi5)[1] is False
    assert F.model_range(F.parse_require(_lines("shader model < 5.0")), lo4, hi4) == ((4, 0), True)
    assert F.model_range(F.parse_require(_lines("shader model >= 2.0", "shader model < 5.1")), lo5, hi5) == ((5, 0),
                                                                                                           True)


# ---------------------------------------------------------------------------------------------------
# [test] directives


def _f(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def test_probe_forms():
    p = F.parse_probe("(0, 0) rgba (0.1, 0.7, 0.4, 0.4) 2")
    assert p.resource == ("rtv", 0) and p.rect == (0, 0, 1, 1) and p.kind == "f32" and p.ulps == 2
    assert p.values == [_f(0.1), _f(0.7), _f(0.4), _f(0.4)]
    p = F.parse_probe("uav 1 (3) u32(0xffffffff, 1, 2, 3)")
    assert p.resource == ("uav", 1) and p.rect == (3, 0, 4, 1) and p.values == [0xFFFFFFFF, 1, 2, 3]
    p = F.parse_probe("rtv 1 (1, 2, 3) f32(1.0)")
    assert p.rect == (1, 2, 2, 3) and p.layer == 3 and p.values == [0x3F800000]
    p = F.parse_probe("( 0, 0, 640, 480) rgba(1.0, 2.0, 3.0, 4.0)")
    assert p.rect == (0, 0, 640, 480) and p.layer == 0 and p.ulps == 0
    assert F.parse_probe("dsv (0,0) f32(0.5)").resource == ("dsv", 0)
    assert F.parse_probe("uav 0 (0) i32(-1)").values == [0xFFFFFFFF]
    assert F.parse_probe("(0, 0) f64(0.5, 2.0) 4").values == [0x3FE0000000000000, 0x4000000000000000]
    assert F.parse_probe("uav 0 (0) u64(0x100000000)").values == [1 << 32]
    assert F.parse_probe("uav 0 (0) i64(-2, 3)").values == [(1 << 64) - 2, 3]
    assert F.parse_probe("(0, 0) f32(1.0, 2.0)").values == [_f(1.0), _f(2.0)]
    for bad in ("(0, 0) i32(1, 2, 3)", "(0, 0) f32(1.0, 2.0, 3.0)", "(0, 0) f64(1.0, 2.0, 3.0)", "(0, 0) rgb(1.0)",
                "0, 0 rgba(1.0, 1.0, 1.0, 1.0)"):
        with pytest.raises(F.ShaderTestSyntaxError):
            F.parse_probe(bad)


def test_uniform_parsing():
    assert F.parse_uniform("4 float4 1 2 3 4") == (4, [_f(1.0), _f(2.0), _f(3.0), _f(4.0)])  # %f-style: 1 → 1.0f
    assert F.parse_uniform("0 uint4 0xc1003e00 0 0 0x4480c300  # 1.5 -2.5") == (0, [0xC1003E00, 0, 0, 0x4480C300])
    assert F.parse_uniform("1 int -1") == (1, [0xFFFFFFFF])
    assert F.parse_uniform("2 uint 7") == (2, [7])
    assert F.parse_uniform("0 float -0.5") == (0, [_f(-0.5)])
    assert F.parse_uniform("8 double2 0.5 -2") == (8, [0, 0x3FE00000, 0, 0xC0000000])
    assert F.parse_uniform("0 uint64_t2 0x100000002 1") == (0, [2, 1, 1, 0])
    assert F.parse_uniform("0 int64_t2 -1 0")[1] == [0xFFFFFFFF, 0xFFFFFFFF, 0, 0]
    for bad in ("0 uint 1,", "0 half 1", "x float 1.0", "0 float4 1 2 3"):
        with pytest.raises(F.ShaderTestSyntaxError):
            F.parse_uniform(bad)


def test_uniform_buffer_growth_fills_0x7f():
    u = F.UniformBuffer()
    u.write(5, [0x11])
    assert u.words == [0x7F7F7F7F] * 5 + [0x11] + [0x7F7F7F7F] * 2  # grown to 8 dwords
    u.write(0, [1, 2, 3, 4])
    assert u.words[:6] == [1, 2, 3, 4, 0x7F7F7F7F, 0x11] and len(u.words) == 8
    u.write(8, [9])
    assert len(u.words) == 12 and u.words[8] == 9 and u.words[9:] == [0x7F7F7F7F] * 3
    assert u.to_bytes()[:4] == b"\x01\x00\x00\x00" and u.to_bytes()[16:24] == b"\x7f\x7f\x7f\x7f\x11\0\0\0"


def test_directive_forms():
    d = F.parse_directive(3, "todo(sm<6) if(sm>=5) probe (0, 0) rgba(1.0, 1.0, 1.0, 1.0)")
    assert d.op == "probe" and d.line == 3 and d.todo((5, 0)) and not d.todo((6, 0))
    assert d.enabled((5, 0)) and not d.enabled((4, 0))
    assert F.parse_directive(1, "draw quad").op == "draw_quad"
    d = F.parse_directive(1, "draw triangle strip 4")
    assert d.args["topology"] == H.D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP and d.args["vertices"] == 4
    assert d.args["instances"] == 1
    d = F.parse_directive(1, "draw triangle list 3 4")
    assert d.args["topology"] == H.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST and d.args["instances"] == 4
    d = F.parse_directive(1, "draw 3 control point patch list 3")
    assert d.args["topology"] == H.D3D_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST
    assert F.parse_directive(1, "draw point list 2").args["topology"] == H.D3D_PRIMITIVE_TOPOLOGY_POINTLIST
    assert F.parse_directive(1, "dispatch 4 2 1").args["groups"] == (4, 2, 1)
    d = F.parse_directive(1, "clear rtv 0 1.0 1.0 0.0 1.0")
    assert d.op == "clear_rtv" and d.args["color"] == [_f(1.0), _f(1.0), 0, _f(1.0)]
    assert F.parse_directive(1, "clear dsv 0.5").args["depth"] == _f(0.5)
    assert F.parse_directive(1, "depth less equal").args["func"] == H.D3D11_COMPARISON_LESS_EQUAL
    assert F.parse_directive(1, "depth greater").args["func"] == H.D3D11_COMPARISON_GREATER
    assert F.parse_directive(1, "sample mask 0x0b").args["mask"] == 11
    d = F.parse_directive(1, "viewport 2 (  0.0, 240.0, 320.0, 240.0)")
    assert d.args == {"index": 2, "rect": [0.0, 240.0, 320.0, 240.0]}
    d = F.parse_directive(1, "copy rtv 0 srv 1")
    assert d.args == {"src": ("rtv", 0), "dst": ("srv", 1)}
    d = F.parse_directive(1, "uniform 4 int4 1 -2 3 4")
    assert d.args == {"offset": 4, "words": [1, 0xFFFFFFFE, 3, 4]}
    assert F.parse_directive(1, "shade mode flat").op == "non_d3d11"
    assert F.parse_directive(1, "point-size 1.0 0.0 64.0").op == "non_d3d11"
    for bad in ("teleport 1 2", "draw hexagon list 3", "dispatch 1 1", "viewport 9 (0, 0, 1, 1)", "depth sideways"):
        with pytest.raises(F.ShaderTestSyntaxError):
            F.parse_directive(1, bad)


def test_compare_float_vkd3d_mapping():
    one = _f(1.0)
    assert F.compare_float_bits(0x80000000, 0, 0)  # -0 == +0
    assert not F.compare_float_bits(one + 1, one, 0) and F.compare_float_bits(one + 1, one, 1)
    neg = _f(-1.0)
    assert F.compare_float_bits(neg + 1, neg, 1) and not F.compare_float_bits(neg + 2, neg, 1)
    # across zero: +denorm(1) maps to 1, -denorm(1) maps to INT_MIN - (int)0x80000001 = -1: 2 apart
    assert F.compare_float_bits(1, 0x80000001, 2) and not F.compare_float_bits(1, 0x80000001, 1)
    assert F.compare_float_bits(0x7FC00000, 0x7FC00001, 1) and not F.compare_float_bits(0x7FC00000, 0x7FC00001, 0)
    assert not F.compare_float_bits(0x7FC00000, one, 1024)
    # vectorised over arrays
    got = np.array([one, one + 3, one - 4], dtype=np.uint32)
    assert F.compare_float_bits(got, one, 3).tolist() == [True, True, False]


def test_compare_double_mapping():
    a = 0x3FF0000000000000
    assert F.compare_double_bits(np.array([a + 2], np.uint64), np.array([a], np.uint64), 2).tolist() == [True]
    assert F.compare_double_bits(np.array([a + 3], np.uint64), np.array([a], np.uint64), 2).tolist() == [False]
    assert F.compare_double_bits(np.array([1 << 63], np.uint64), np.array([0], np.uint64), 0).tolist() == [True]


def test_parse_file_text_marks_bad_sections():
    secs = F.parse_file_text("[require]\nshader model >= 5.0\n[test]\nteleport\n[sampler 0]\nfilter point point point\n"
                             "[mystery]\n")
    assert [s.kind for s in secs] == ["require", "test", "sampler", "invalid"]
    assert secs[1].error and "teleport" in secs[1].error and secs[3].error


# ---------------------------------------------------------------------------------------------------
# execution through the D3D11 API (a raw-buffer compute shader assembled here)

CS_ASM = """cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer cb0[1], immediateIndexed
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 4, 1, 1
iadd r0.x, vThreadID.x, cb0[0].x
ishl r0.y, vThreadID.x, l(2)
store_raw u0.x, r0.y, r0.x
ret
"""


def _cs_hex() -> str:
    from pyd3d11.shader.dxbc.asm import assemble_shader

    blob = assemble_shader(CS_ASM)
    words = struct.unpack(f"<{len(blob) // 4}I", blob)
    return "\n".join(" ".join(f"{w:08x}" for w in words[i:i + 6]) + "  % words" for i in range(0, len(words), 6))


def _smoke_file(tmp_path, header="compute shader fail(sm<5) dxbc-tpf-hex", extra_test=""):
    text = f"""[require]
shader model >= 4.0

[uav 0]
format r32-typeless
size (raw_buffer, 4)

[{header}]
{_cs_hex()}

[test]
uniform 0 uint 10
dispatch 1 1 1
probe uav 0 (0) u32(10)
probe uav 0 (3) u32(13)
if(sm>=6) probe uav 0 (1) u32(999)

[test]
uniform 0 uint 20
dispatch 1 1 1
probe uav 0 (2) u32(22)
{extra_test}"""
    p = tmp_path / "smoke.shader_test"
    p.write_text(text)
    return p


def test_execution_smoke_dxbc_compute(tmp_path):
    path = _smoke_file(tmp_path)
    fr = SR.run_file(path, passes=("4", "5"), check_compile=False)
    assert not fr.error
    # fail(sm<5): at minimum 4.0 the test blocks after the shader are skipped (expected compile failure)
    assert [b.status for b in fr.passes["4"]] == ["skipped", "skipped"]
    assert [b.status for b in fr.passes["5"]] == ["passed", "passed"], [b.reason for b in fr.passes["5"]]
    probes = [d for d in fr.passes["5"][0].directives if "probe" in d.text]
    assert len(probes) == 2  # the if(sm>=6) probe is not executed at 5.0


def test_execution_reports_failures_and_continues(tmp_path):
    path = _smoke_file(tmp_path, header="compute shader dxbc-tpf-hex",
                       extra_test="probe uav 0 (1) u32(5)\n\n[test]\nteleport home\n\n[test]\nprobe uav 7 (0) u32(0)\n"
                                  "\n[require]\nshader model >= 6.0\n\n[test]\ndispatch 1 1 1\n\n[require]\nwave-ops\n"
                                  "\n[test]\ndispatch 1 1 1\n")
    fr = SR.run_file(path, passes=("5",), check_compile=False)
    blocks = fr.passes["5"]
    assert [b.status for b in blocks] == ["passed", "failed", "failed", "failed", "skipped", "skipped"]
    assert "got (0x15)" in blocks[1].reason and "expected (0x5)" in blocks[1].reason  # 21 = 20 + 1
    assert "teleport" in blocks[2].reason
    assert "undefined resource uav 7" in blocks[3].reason
    assert "missing capabilities: wave-ops" in blocks[5].reason


def test_main_output_format_and_json(tmp_path, capsys):
    path = _smoke_file(tmp_path)
    rc = SR.main([str(path), "--sm", "both", "--no-compile-check"])
    out = capsys.readouterr().out.strip().splitlines()
    assert rc == 0
    assert out[0].startswith(str(path) + ":")
    assert out[-1] == "2 passed, 0 failed, 2 skipped"
    rc = SR.main([str(path), "--sm", "5", "--no-compile-check", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["passed"] == 2 and doc["summary"]["failed"] == 0
    block = doc["files"][0]["passes"]["5"][0]
    assert [d["status"] for d in block["directives"] if d["text"].startswith("probe")] == ["ok", "ok"]


def test_compile_checks_count_models_and_expectations(tmp_path, monkeypatch):
    calls = []

    def fake_compile(source, profile, flags):
        from pyd3d11.tools.shader_test_exec import CompileResult

        calls.append((profile, flags))
        return CompileResult(E_FAIL if "bad" in source else S_OK, None if "bad" in source else b"x")

    monkeypatch.setattr(SR, "compile_hlsl", fake_compile)
    text = ("[pixel shader]\ngood\n[pixel shader fail(sm<5)]\nbad\n[require]\nshader model >= 5.0\noptions: row-major\n"
            "[hull shader]\ngood\n[require]\nshader model < 5.0\n[vertex shader fail]\ngood\n[pixel shader dxbc-tpf-hex]\n"
            "00000000\n")
    checks, _ = SR.compile_checks(F.parse_file_text(text))
    got = [(c.line, c.stage, c.model, c.expected, c.got, c.agree) for c in checks]
    every = ("2.0", "3.0", "4.0", "4.1", "5.0", "5.1")  # each model d3dcompiler_47 builds
    assert got == ([(1, "ps", m, "S_OK", "S_OK", True) for m in every]
                   + [(3, "ps", m, "E_FAIL", "E_FAIL", True) for m in every[:4]]
                   + [(3, "ps", m, "S_OK", "E_FAIL", False) for m in every[4:]]
                   + [(8, "hs", m, "S_OK", "S_OK", True) for m in every[4:]]  # hull shaders from 5.0
                   + [(12, "vs", m, "E_FAIL", "S_OK", False) for m in every[:4]])
    assert ("hs_5_0", H.D3DCOMPILE_PACK_MATRIX_ROW_MAJOR) in calls


# d3dcompiler_47's legacy effect targets (MicrosoftDocs "Specifying Compiler Targets", "Legacy Effects"): fx_2_0,
# fx_4_0, fx_4_1, fx_5_0 — each model compiles an [effect] section for the highest one not above it
@pytest.mark.parametrize("model,want", [((2, 0), "fx_2_0"), ((3, 0), "fx_2_0"), ((4, 0), "fx_4_0"),
                                        ((4, 1), "fx_4_1"), ((5, 0), "fx_5_0"), ((5, 1), "fx_5_0")])
def test_effect_sections_compile_for_the_highest_effect_target_not_above_the_model(model, want, monkeypatch):
    calls = []

    def fake_compile(source, profile, flags):
        from pyd3d11.tools.shader_test_exec import CompileResult

        calls.append(profile)
        return CompileResult(S_OK, b"x")

    monkeypatch.setattr(SR, "compile_hlsl", fake_compile)
    checks, _ = SR.compile_checks(F.parse_file_text("[effect]\ntechnique10 t { }\n[pixel shader]\ngood\n"),
                                  models=(model,))
    assert calls == [want, f"ps_{model[0]}_{model[1]}"]
    assert all(c.agree for c in checks)


# ---------------------------------------------------------------------------------------------------
# the corpus


def test_corpus_execution_sample_completes():
    root = conformance_path("shader-tests")
    names = ["preproc-ifdef.shader_test", "hlsl/numthreads.shader_test", "hlsl/uav-out-param.shader_test",
             "hlsl/shade-mode.shader_test", "hlsl/wave-ops-uint.shader_test"]
    files = [root / n for n in names if (root / n).exists()]
    results = [SR.run_file(f, passes=("4", "5"), check_compile=False, timeout=60) for f in files]
    assert len(results) == len(files) and not [r.error for r in results if r.error]
    s = SR.summary(results, ("4", "5"))
    assert s["passed"] + s["failed"] + s["skipped"] > 0
    print("\nexecution sample:", s["passes"])
