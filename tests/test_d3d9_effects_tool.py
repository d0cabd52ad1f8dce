"""tools/d3d9_effects: the fx_2_0 comparison with fxc's objects (run here on a corpus written by the test: an
object equal to the compile, and one differing in a parameter's class, must be told apart)."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import D3DXPC_MATRIX_COLUMNS, read_fx2, write_fx2
from pyd3d11.tools import d3d9_effects

pytestmark = pytest.mark.backend_independent

SRC = "float4x4 m; float4 f() : COLOR { return m[0]; }\ntechnique t { pass p { PixelShader = compile ps_2_0 f(); } }"


def _corpus(tmp_path, obj: bytes) -> str:
    (tmp_path / "Fx").mkdir()
    (tmp_path / "Fx" / "e.fx").write_text(SRC)
    (tmp_path / "Fx" / "e_FX.o").write_bytes(obj)
    (tmp_path / "CompileShaders.bat").write_text("CALL CompileShader2.bat Fx e.fx e_FX fx_2_0 || GOTO :error\n")
    return str(tmp_path)


def _ours() -> bytes:
    return bytes(D3DCompile(SRC, len(SRC), "e.fx", None, None, "", "fx_2_0").GetBufferPointer())


def test_equal_objects_agree(tmp_path):
    tally = d3d9_effects.run(_corpus(tmp_path, _ours()))
    assert (tally["compiled"], tally["effects equal"], tally["parameters agree"]) == (1, 1, 1)


def test_a_different_class_is_reported(tmp_path):
    eff = read_fx2(_ours())
    eff.parameters[0].type.pclass = D3DXPC_MATRIX_COLUMNS
    tally = d3d9_effects.run(_corpus(tmp_path, write_fx2(eff)))
    assert (tally["effects equal"], tally["parameters differ"], tally["pass states agree"]) == (0, 1, 1)


def test_fxc_preshaders_are_counted(tmp_path):
    """A shader of fxc's object holding a PRES comment (its parameter-only code moved to a preshader) is counted;
    the project's own compile has one too since session 32 (``m[0]`` of a column-major matrix gathered from four
    registers by the preshader), none under D3DXSHADER_NO_PRESHADER."""
    import struct

    eff = read_fx2(_ours())
    (res,) = [r for r in eff.resources if r.data[2:4] == b"\xff\xff"]
    pres = b"PRES" + struct.pack("<2I", 0x46580201, 0x0000FFFF)
    res.data = res.data[:4] + struct.pack("<I", 0xFFFE | (len(pres) // 4 << 16)) + pres + res.data[4:]
    tally = d3d9_effects.run(_corpus(tmp_path, write_fx2(eff)))
    assert tally["fxc shaders with a preshader"] == 1
    assert d3d9_effects._preshaders(read_fx2(_ours())) == 1
    plain = bytes(D3DCompile(SRC, len(SRC), "e.fx", None, None, "", "fx_2_0", 0x100).GetBufferPointer())
    assert d3d9_effects._preshaders(read_fx2(plain)) == 0
