"""D3D9-target rules of shader/sm2/d3d9.py that the session-25 mutation round (seed 27) found unpinned. Expected
values from the D3D9 references, not from the code under test:

- The constant table's type of a minimum-precision float global (min16float, min10float: the D3D9 targets have
  full precision only, "Using HLSL minimum precision") is D3DXPT_FLOAT (3) with the class of its shape
  (D3DXPC_SCALAR 0, VECTOR 1, MATRIX_ROWS 2 / MATRIX_COLUMNS 3).
- "Registers - vs_2_0": the fog and point-size outputs are the scalar registers oFog and oPts (D3DSPR_RASTOUT
  1 and 2, written .x); the semantics are FOG and PSIZE, index 0 only (one register each); FOG1 / PSIZE1 are
  refused (X4502). vs_3_0 declares them as o# registers: dcl_fog o#.x, dcl_psize o#.x ("dcl_usage output").
- "dcl_usage input (sm3 - ps asm)": every ps_3_0 input is a v# register declared with its semantic's usage and
  the components the input has (float2 -> .xy, float3 -> .xyz, float4 -> all); fxc lists vPos first, then the
  inputs, then the samplers.
"""

from __future__ import annotations

import struct

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.sm2.ctab import decode_ctab
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import Reg, Usage

pytestmark = pytest.mark.backend_independent  # compile-only


def _compile(src: str, target: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0))


def _ctab(blob: bytes):
    n = struct.unpack_from("<I", blob, 4)[0] >> 16 & 0x7FFF  # the first comment block is the CTAB
    return decode_ctab(list(struct.unpack_from(f"<{n}I", blob, 8)))


@pytest.mark.parametrize("target", ["ps_2_0", "vs_2_0", "ps_3_0", "vs_3_0"])
@pytest.mark.parametrize(("decl", "use", "cls", "rows", "cols"), [
    ("min16float k;", "k.xxxx", 0, 1, 1),
    ("min10float k;", "k.xxxx", 0, 1, 1),
    ("min16float3 k;", "k.xyzz", 1, 1, 3),
    ("min10float4 k;", "k", 1, 1, 4),
    ("row_major min16float2x4 k;", "k[0] + k[1]", 2, 2, 4),
])
def test_minimum_precision_floats_are_d3dxpt_float(decl: str, use: str, cls: int, rows: int, cols: int, target: str):
    """A min-precision global never reaches a Direct3D 9 constant table: d3dcompiler_47 10.1 (under Wine, session
    36) refuses it with X3703 "'k': <target> does not support minimum-precision data" (as a uniform parameter its
    own validator aborts, X5004), so the session-24 expectation of a D3DXPT_FLOAT entry is overturned."""
    sem = "COLOR" if target[0] == "p" else "POSITION"
    with pytest.raises(ShaderCompileError, match=f"X3703: 'k': {target} does not support minimum-precision data"):
        _compile(f"{decl}\nfloat4 main() : {sem} {{ return {use}; }}", target)


VS = ("struct O {{ float4 p : POSITION; float f : {fog}; float s : {psize}; float2 t : TEXCOORD1; }};\n"
      "O main(float4 p : POSITION, float2 t : TEXCOORD0) {{ O o; o.p = p; o.f = p.z * 2; o.s = t.x + 1; o.t = t.yx;"
      " return o; }}")


@pytest.mark.parametrize("target", ["vs_2_0", "vs_2_a"])
def test_vs_2_fog_and_point_size_are_ofog_and_opts(target: str):
    prog = decode_program(_compile(VS.format(fog="FOG", psize="PSIZE"), target))
    written = {(i.dst.reg, i.dst.num, i.dst.mask) for i in prog.instructions if i.dst is not None and i.op != "dcl"}
    assert (Reg.RASTOUT, 1, 0x1) in written and (Reg.RASTOUT, 2, 0x1) in written  # oFog.x, oPts.x


@pytest.mark.parametrize("target", ["vs_2_0", "vs_2_a"])
@pytest.mark.parametrize(("fog", "psize"), [("FOG1", "PSIZE"), ("FOG", "PSIZE1"), ("FOG2", "PSIZE")])
def test_vs_2_fog_and_point_size_have_index_0_only(fog: str, psize: str, target: str):
    with pytest.raises(ShaderCompileError, match="X4502"):
        _compile(VS.format(fog=fog, psize=psize), target)


def test_vs_3_0_declares_fog_and_point_size_outputs():
    prog = decode_program(_compile(VS.format(fog="FOG", psize="PSIZE"), "vs_3_0"))
    outs = [(i.decl & 0xF, i.decl >> 16 & 0xF, i.dst.mask) for i in prog.instructions
            if i.op == "dcl" and i.dst.reg == Reg.TEXCRDOUT]  # o# (vs_3_0)
    assert sorted(outs) == sorted([(int(Usage.POSITION), 0, 0xF), (int(Usage.FOG), 0, 0x1),
                                   (int(Usage.PSIZE), 0, 0x1), (int(Usage.TEXCOORD), 1, 0x3)])


PS3 = ("sampler2D s; float4 main(float2 a : TEXCOORD0, float3 b : TEXCOORD2, float4 col : COLOR0, float2 vp : VPOS,"
       " float c1 : COLOR1) : COLOR { return tex2D(s, a) * b.xyzz + col + vp.xyxy + c1; }")


def test_ps_3_0_input_declarations_masks_and_order():
    prog = decode_program(_compile(PS3, "ps_3_0"))
    dcls = [(i.dst.reg, i.dst.num, i.dst.mask, (i.decl or 0) & 0xF, (i.decl or 0) >> 16 & 0xF)
            for i in prog.instructions if i.op == "dcl"]
    kinds = [d[0] for d in dcls]
    # the v# inputs, then vPos, then the sampler (d3dcompiler_47 10.1 under Wine, session 48: this program's
    # listing is dcl_texcoord v0.xy, dcl_texcoord2 v1.xyz, dcl_color v2, dcl_color1 v3.x, dcl vPos.xy, dcl_2d s0)
    assert kinds == [Reg.INPUT, Reg.INPUT, Reg.INPUT, Reg.INPUT, Reg.MISCTYPE, Reg.SAMPLER]
    assert dcls[4][:3] == (Reg.MISCTYPE, 0, 0x3)  # dcl vPos.xy
    inputs = {(d[3], d[4]): d[2] for d in dcls if d[0] == Reg.INPUT}
    assert inputs == {(int(Usage.TEXCOORD), 0): 0x3, (int(Usage.TEXCOORD), 2): 0x7, (int(Usage.COLOR), 0): 0xF,
                      (int(Usage.COLOR), 1): 0x1}
