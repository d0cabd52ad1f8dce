"""``python -m pyd3d11.tools.fxc``: fxc's flag spelling, /D and /I, /Fo and /Fc outputs, fxc-format errors."""

from __future__ import annotations

import pytest

from pyd3d11.tools import fxc as T


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
