"""Entry-point signature rules that session 10's mutation run (scripts/mutate.py, seed 6) found unpinned.

Sources:
* pixel-shader input interpolation: the HLSL "Interpolation Modifiers" page (linear is the default; ``centroid``,
  ``sample``, ``noperspective``, ``nointerpolation``), D3D11.3 §16.2.5 / the ``dcl_input_ps`` reference (modes
  constant, linear, linear centroid, linear noperspective [centroid|sample], linear sample); integer and bool
  attributes cannot be interpolated, so they are declared ``constant``; SV_Position reaches the pixel shader
  without perspective (fxc's listings in ../shared/conformance/dxbc-corpus declare it
  ``dcl_input_ps_siv linear noperspective ..., position``);
* a bool input is true where the 32-bit input value is non-zero (HLSL "Data Types": bool converts from a
  number by comparison with 0);
* a column-major matrix input takes one register per column (test_rules_hlsl_semantics: ``float4x2 m : M`` is
  M0, M1), so ``m[r][c]`` is component r of register c; a row_major one takes one register per row;
* the semantic index is a UINT (D3D11_SIGNATURE_PARAMETER_DESC.SemanticIndex): an array whose last element's
  index passes 0xFFFFFFFF is X4502;
* the pixel shader's depth/coverage/stencil outputs have no register (0xFFFFFFFF) and a one-component mask
  (fxc's objects in the corpus: SV_DepthGreaterEqual / SV_DepthLessEqual, Register 0xFFFFFFFF, Mask 0x1)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.reflection import D3DReflect

F32, U32 = np.float32, np.uint32


def _blob(src: str, target: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target))


def _run(blob: bytes, inputs: dict[int, np.ndarray], lanes: int) -> np.ndarray:
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    return run_program(decode_program(chunk.data), lanes, inputs=inputs).outputs[0].view(F32)


# --- interpolation modes of pixel-shader inputs --------------------------------------------------------------
@pytest.mark.parametrize(("decl", "mode"), [
    ("float4 a : A", "linear"),
    ("float a : A", "linear"),
    ("centroid float4 a : A", "linear centroid"),
    ("sample float4 a : A", "linear sample"),
    ("noperspective float4 a : A", "linear noperspective"),
    ("noperspective centroid float4 a : A", "linear noperspective centroid"),
    ("noperspective sample float4 a : A", "linear noperspective sample"),
    ("linear float4 a : A", "linear"),
    ("nointerpolation float4 a : A", "constant"),
    ("int4 a : A", "constant"),
    ("uint4 a : A", "constant"),
    ("bool4 a : A", "constant"),
])
def test_ps_input_interpolation_mode(decl, mode):
    src = f"float4 main({decl}) : SV_Target {{ return (float4)a; }}"
    text = disassemble(_blob(src, "ps_5_0"))
    assert re.search(rf"^dcl_input_ps {mode} v0\.[xyzw]+$", text, re.M), text


@pytest.mark.parametrize(("mods", "mode"), [
    ("", "linear noperspective"), ("centroid ", "linear noperspective centroid"),
    ("sample ", "linear noperspective sample"),
])
def test_ps_position_is_not_perspective_corrected(mods, mode):
    text = disassemble(_blob(f"float4 main({mods}float4 p : SV_Position, float4 c : C) : SV_Target {{ return p + c; }}",
                             "ps_5_0"))
    assert re.search(rf"^dcl_input_ps_siv {mode} v\d\.[xyzw]+, position$", text, re.M), text
    assert re.search(r"^dcl_input_ps linear v\d\.xyzw$", text, re.M), text  # the ordinary input beside it


# --- bool inputs ---------------------------------------------------------------------------------------------
WORDS = np.array([0, 1, 2, 0xFFFFFFFF, 0x80000000, 0x3F800000], U32)
TRUE = WORDS != 0


@pytest.mark.parametrize("target", ["vs_4_0", "vs_5_0"])
def test_bool_input_is_true_where_non_zero(target):
    blob = _blob("float4 main(bool b : B) : SV_Position { return b ? 1.0 : 2.0; }", target)
    regs = np.zeros((len(WORDS), 4), U32)
    regs[:, 0] = WORDS
    out = _run(blob, {0: regs}, len(WORDS))
    assert out[:, 0].tolist() == np.where(TRUE, 1.0, 2.0).tolist()


def test_bool_semantic_bound_twice_reads_one_register_as_bool():
    blob = _blob("float4 main(bool a : B, bool b : B) : SV_Position { return float4(a ? 1.0 : 2.0, b ? 1.0 : 2.0, "
                 "0, 1); }", "vs_5_0")
    regs = np.zeros((len(WORDS), 4), U32)
    regs[:, 0] = WORDS
    out = _run(blob, {0: regs}, len(WORDS))
    want = np.where(TRUE, 1.0, 2.0).tolist()
    assert out[:, 0].tolist() == want and out[:, 1].tolist() == want


# --- matrix inputs -------------------------------------------------------------------------------------------
def test_column_major_matrix_input_register_per_column():
    blob = _blob("float4 main(float4x2 m : M) : SV_Position { return float4(m[0][1], m[1][0], m[2][1], m[3][0]); }",
                 "vs_5_0")
    col0, col1 = np.array([[1, 2, 3, 4]], F32), np.array([[5, 6, 7, 8]], F32)
    out = _run(blob, {0: col0.view(U32), 1: col1.view(U32)}, 1)
    assert out[0].tolist() == [5.0, 2.0, 7.0, 4.0]


def test_row_major_matrix_input_register_per_row():
    blob = _blob("float4 main(row_major float2x3 m : M) : SV_Position { return float4(m[0][2], m[1][0], m[1][2], "
                 "m[0][1]); }", "vs_5_0")
    row0, row1 = np.array([[1, 2, 3, 0]], F32), np.array([[4, 5, 6, 0]], F32)
    out = _run(blob, {0: row0.view(U32), 1: row1.view(U32)}, 1)
    assert out[0].tolist() == [3.0, 4.0, 6.0, 2.0]


# --- the semantic index is a UINT ------------------------------------------------------------------------------
@pytest.mark.parametrize(("decl", "ok"), [
    ("float a[2] : A4294967294", True),     # indexes 0xFFFFFFFE, 0xFFFFFFFF
    ("float a[2] : A4294967295", False),    # the second element would be 2^32
    ("float a[3] : A4294967293", True),
    ("float a[3] : A4294967294", False),
    ("float a : A4294967295", True),
])
def test_array_semantic_index_range(decl, ok):
    src = f"float4 main({decl}) : SV_Position {{ return {'a[0]' if '[' in decl else 'a'}; }}"
    if ok:
        _blob(src, "vs_5_0")
    else:
        with pytest.raises(ShaderCompileError) as ei:
            _blob(src, "vs_5_0")
        assert "X4502" in ei.value.errors


# --- pixel-shader special outputs ----------------------------------------------------------------------------
@pytest.mark.parametrize(("sem", "t", "target"), [
    ("SV_Depth", "float", "ps_4_0"), ("SV_DepthGreaterEqual", "float", "ps_5_0"),
    ("SV_DepthLessEqual", "float", "ps_5_0"), ("SV_Coverage", "uint", "ps_5_0"), ("SV_StencilRef", "uint", "ps_5_0"),
])
def test_special_ps_output_has_no_register_and_one_component(sem, t, target):
    r = D3DReflect(D3DCompile(f"float4 main(out {t} d : {sem}) : SV_Target {{ d = 0; return 1; }}", None, "t.hlsl",
                              None, None, "main", target))
    descs = [r.GetOutputParameterDesc(i) for i in range(r.GetDesc().OutputParameters)]
    d = next(p for p in descs if p.SemanticName == sem)
    assert (d.Register, d.Mask) == (0xFFFFFFFF, 0x1)
