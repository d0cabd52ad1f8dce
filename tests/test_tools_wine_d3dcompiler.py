"""tools/wine_d3dcompiler: the request encoding, and (where Wine and a d3dcompiler_47.dll exist) live calls."""

import pytest

from pyd3d11.tools import wine_d3dcompiler as wd


def test_defines_are_nul_terminated_name_value_pairs():
    assert wd._defines({"A": "1", "B": "x y"}) == b"A=1\0B=x y\0"
    assert wd._defines(None) == b""
    assert wd._defines([("N", "")]) == b"N=\0"


def test_fields_are_length_prefixed_little_endian():
    assert wd._field("ab") == b"\x02\x00\x00\x00ab"
    assert wd._field(b"") == b"\0\0\0\0"


def test_windows_path_is_the_z_drive():
    assert wd.windows_path("/tmp/a/b.hlsl") == "Z:\\tmp\\a\\b.hlsl"


def test_without_a_dll_the_reason_names_the_variable(monkeypatch):
    monkeypatch.delenv(wd.DLL_ENV, raising=False)
    assert wd.DLL_ENV in wd.unavailable_reason()
    with pytest.raises(wd.WineCompilerUnavailable):
        wd.WineD3DCompiler()


def test_result_ok_follows_the_hresult_sign():
    assert wd.Result(0, b"", b"").ok and wd.Result(1, b"", b"").ok
    assert not wd.Result(0x80004005, b"", b"x\0").ok
    assert wd.Result(0x80004005, b"", b"x\0").messages == "x"


live = pytest.mark.skipif(wd.unavailable_reason() is not None, reason=str(wd.unavailable_reason()))


@live
def test_live_compile_preprocess_disassemble():
    real = wd.shared()
    ok = real.compile("float4 main() : SV_Target { return 1; }", "ps_5_0")
    assert ok.ok and ok.blob[:4] == b"DXBC"
    bad = real.compile("float4 main() : SV_Target { return undefined_name; }", "ps_5_0", name="t.hlsl")
    assert bad.hr == 0x80004005 and "X3004" in bad.messages
    pre = real.preprocess("#define A 3\nint x = A;\n", {"B": "4"})
    assert pre.ok and b"int x = 3" in pre.blob
    listing = real.disassemble(ok.blob)
    assert listing.ok and b"ps_5_0" in listing.blob
