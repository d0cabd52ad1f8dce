"""``python -m pyd3d11.tools.fxc``: fxc's flag spelling, /D and /I, /Fo and /Fc outputs, fxc-format errors."""

from __future__ import annotations

import pytest

from pyd3d11.tools import fxc as T

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def test_parse_args_fxc_spellings():
    o = T.parse_args(["/T", "ps_5_0", "/Emain2", "-Fo", "a.cso", "/Fcb.asm", "/D", "A=3", "/DB", "/I", "inc", "/Zi",
                      "/Od", "/Zpr", "/Gec", "/WX", "/Vd", "/nologo", "/O3", "x.hlsl"])
    assert (o["T"], o["E"], o["Fo"], o["Fc"], o["file"]) == ("ps_5_0", "main2", "a.cso", "b.asm", "x.hlsl")
    assert o["D"] == [("A", "3"), ("B", "1")] and o["I"] == ["inc"]
    # D3DCOMPILE_DEBUG | SKIP_VALIDATION | SKIP_OPTIMIZATION | PACK_MATRIX_ROW_MAJOR | BACKWARDS_COMPATIBILITY
    # | WARNINGS_ARE_ERRORS | OPTIMIZATION_LEVEL3 (d3dcompiler.h values)
    assert o["flags"] == 0x1 | 0x2 | 0x4 | 0x8 | 0x1000 | 0x40000 | 0x8000
    assert T.parse_args(["/T", "vs_4_0", "/O0", "/O2", "/Zpc", "y.hlsl"])["flags"] == 0xC000 | 0x10
    for bad in (["/T", "ps_5_0"], ["x.hlsl"], ["-Q", "/T", "ps_5_0", "x.hlsl"], ["/T"]):
        with pytest.raises(T.UsageError):
            T.parse_args(bad)


def test_compile_with_define_include_and_outputs(tmp_path, capsys):
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "common.h").write_text("#define SCALE 2.0\n")
    src = tmp_path / "a.hlsl"
    src.write_text('#include "common.h"\nfloat4 c;\nfloat4 main() : SV_Target { return c * SCALE + OFFSET; }\n')
    fo, fc = tmp_path / "a.cso", tmp_path / "a.asm"
    rc = T.main(["/T", "ps_5_0", "/E", "main", "/Fo", str(fo), "/Fc", str(fc), "/D", "OFFSET=1.0", "/I", str(inc),
                 "/nologo", str(src)])
    assert rc == 0, capsys.readouterr().err
    code = fo.read_bytes()
    assert code[:4] == b"DXBC"
    listing = fc.read_text()
    assert "ps_5_0" in listing and "cb0[0]" in listing
    from pyd3d11.shader.dxbc.disasm import disassemble

    assert listing == disassemble(code)  # /Fc is the listing of the /Fo object
    out = capsys.readouterr().out
    assert "compilation object save succeeded" in out and "compilation code save succeeded" in out


def test_compile_error_in_fxc_format(tmp_path, capsys):
    src = tmp_path / "bad.hlsl"
    src.write_text("float4 main() : SV_Target\n{\n    return undefined_thing;\n}\n")
    assert T.main(["/T", "ps_4_0", str(src)]) == 1
    err = capsys.readouterr().err
    assert f"{src}(3," in err and "error X" in err and "compilation failed; no code produced" in err


def test_missing_file(tmp_path, capsys):
    assert T.main(["/T", "ps_5_0", str(tmp_path / "nope.hlsl")]) == 1
    assert "cannot open file" in capsys.readouterr().err


def test_fxc_prints_warnings_and_wx_turns_them_into_a_failure(tmp_path, capsys):
    from pyd3d11.tools.fxc import main

    src = tmp_path / "w.hlsl"
    src.write_text("float4 v; float3 main() : SV_Target { float3 x = v; return x; }")
    assert main(["/T", "ps_4_0", "/Fo", str(tmp_path / "w.o"), str(src)]) == 0
    assert "warning X3206: implicit truncation of vector type" in capsys.readouterr().err
    assert main(["/T", "ps_4_0", "/WX", "/Fo", str(tmp_path / "x.o"), str(src)]) == 1
    err = capsys.readouterr().err
    assert "error X3206" in err and "compilation failed; no code produced" in err
    assert not (tmp_path / "x.o").exists()


# -- issue 17: the options real build scripts use ---------------------------------------------------------

def test_flag_values_match_d3dcompiler_header():
    from pyd3d11.headers import d3dcompiler_types as D

    expected = {"Zi": D.D3DCOMPILE_DEBUG, "Vd": D.D3DCOMPILE_SKIP_VALIDATION, "Od": D.D3DCOMPILE_SKIP_OPTIMIZATION,
                "Zpr": D.D3DCOMPILE_PACK_MATRIX_ROW_MAJOR, "Zpc": D.D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR,
                "Gpp": D.D3DCOMPILE_PARTIAL_PRECISION,
                "Gfa": D.D3DCOMPILE_AVOID_FLOW_CONTROL, "Gfp": D.D3DCOMPILE_PREFER_FLOW_CONTROL,
                "Ges": D.D3DCOMPILE_ENABLE_STRICTNESS, "Gec": D.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY,
                "Gis": D.D3DCOMPILE_IEEE_STRICTNESS, "O0": D.D3DCOMPILE_OPTIMIZATION_LEVEL0,
                "O1": D.D3DCOMPILE_OPTIMIZATION_LEVEL1, "O2": D.D3DCOMPILE_OPTIMIZATION_LEVEL2,
                "O3": D.D3DCOMPILE_OPTIMIZATION_LEVEL3, "WX": D.D3DCOMPILE_WARNINGS_ARE_ERRORS,
                "res_may_alias": D.D3DCOMPILE_RESOURCES_MAY_ALIAS,
                "enable_unbounded_descriptor_tables": D.D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES,
                "all_resources_bound": D.D3DCOMPILE_ALL_RESOURCES_BOUND, "nologo": 0}
    assert T.FLAG_OPTIONS == expected
    assert T.STRIP_OPTIONS == {"Qstrip_reflect": D.D3DCOMPILER_STRIP_REFLECTION_DATA,
                               "Qstrip_debug": D.D3DCOMPILER_STRIP_DEBUG_INFO,
                               "Qstrip_priv": D.D3DCOMPILER_STRIP_PRIVATE_DATA}


@pytest.mark.parametrize("option, bit", [("/Ges", 0x800), ("/Gis", 0x2000), ("/Gfa", 0x200), ("/Gfp", 0x400),
                                         ("/all_resources_bound", 0x200000), ("-res_may_alias", 0x80000),
                                         ("/enable_unbounded_descriptor_tables", 0x100000), ("/Gec", 0x1000)])
def test_each_flag_option(option, bit):
    assert T.parse_args(["/T", "ps_5_0", option, "x.hlsl"])["flags"] == bit


def test_value_and_strip_options_and_response_file(tmp_path):
    rsp = tmp_path / "args.rsp"
    rsp.write_text('/T ps_5_0 /E "my main"\n/Qstrip_reflect /Qstrip_priv\n/Fh out.h /Vn g_shader /Fe err.txt\n'
                   f'@{tmp_path / "more.rsp"}\n')
    (tmp_path / "more.rsp").write_text("/Fd x.pdb /Qstrip_debug\n")
    o = T.parse_args([f"@{rsp}", "x.hlsl"])
    assert (o["T"], o["E"], o["Fh"], o["Vn"], o["Fe"], o["Fd"]) == ("ps_5_0", "my main", "out.h", "g_shader",
                                                                     "err.txt", "x.pdb")
    assert o["strip"] == 0x1 | 0x8 | 0x2 and o["file"] == "x.hlsl"
    assert T.split_response('a "b c" d""e') == ["a", "b c", "de"]
    with pytest.raises(T.UsageError, match="response file"):
        T.parse_args([f"@{tmp_path / 'missing.rsp'}"])


def test_unknown_option_is_reported(capsys):
    assert T.main(["/T", "ps_5_0", "/Qbogus", "x.hlsl"]) == 1
    assert "unknown option '/Qbogus'" in capsys.readouterr().err


def _parse_header(text):
    import re

    assert text.startswith("#if 0\n") and "\n#endif\n\nconst BYTE " in text
    name = re.search(r"const BYTE (\w+)\[\] =\n\{\n", text).group(1)
    body = text.split("[] =\n{\n", 1)[1].rsplit("\n};", 1)[0]
    lines = body.split("\n")
    assert all(len([t for t in ln.split(",") if t.strip()]) == 6 for ln in lines[:-1])  # six bytes a line
    return name, bytes(int(t) for t in body.replace("\n", " ").split(",") if t.strip())


def test_header_output_strip_and_error_file(tmp_path, capsys):
    src = tmp_path / "s.hlsl"
    src.write_text("float4 v; float3 main() : SV_Target { float3 x = v; return x; }")
    fo, fh, fe = tmp_path / "s.cso", tmp_path / "s.h", tmp_path / "s.txt"
    assert T.main(["/T", "ps_5_0", "/Fo", str(fo), "/Fh", str(fh), "/Fe", str(fe), "/nologo", str(src)]) == 0
    name, data = _parse_header(fh.read_text())
    assert name == "g_main" and data == fo.read_bytes()
    assert T.header_text(b"\x01\x02", "n", "ps_5_0") == "#if 0\nps_5_0\n#endif\n\nconst BYTE n[] =\n{\n      1,   2\n};\n"
    assert "warning X3206" in fe.read_text()  # /Fe gets the warnings
    assert b"RDEF" in fo.read_bytes()
    assert T.main(["/T", "ps_5_0", "/Fo", str(fo), "/Fh", str(fh), "/Vn", "g_ps", "/Qstrip_reflect",
                   str(src)]) == 0
    name, data = _parse_header(fh.read_text())
    assert name == "g_ps" and data == fo.read_bytes() and b"RDEF" not in data and data[:4] == b"DXBC"
    pdb = tmp_path / "s.pdb"
    assert T.main(["/T", "ps_5_0", "/Zi", "/Fo", str(fo), "/Fd", str(pdb), str(src)]) == 0
    assert pdb.read_bytes()[:4] == b"DXBC" and len(pdb.read_bytes()) >= len(fo.read_bytes())


def test_error_file_on_failure(tmp_path):
    src = tmp_path / "bad.hlsl"
    src.write_text("float4 main() : SV_Target { return nope; }")
    fe = tmp_path / "e.txt"
    assert T.main(["/T", "ps_4_0", "/Fe", str(fe), str(src)]) == 1
    assert "error X" in fe.read_text()
