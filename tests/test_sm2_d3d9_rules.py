"""D3D9 targets (shader/sm2/d3d9.py): rules the corpus-shaped tests of test_hlsl_d3d9_targets.py leave open.

Sources: the "Registers - ps_3_0" page (ten input registers v0-v9; "Input Registers" of ps_3_0), the D3D9
semantic ``_centroid`` suffix as the DirectX SDK's AntiAlias sample uses it (``TEXCOORDn_centroid``: texture
coordinate n with the centroid modifier; "dcl_centroid t0.xy" in fxc's listing), the "Vertex Shader
Differences" of D3D9 and D3D10 (D3D9 applies no half-pixel position offset, so the position is written as the
shader computes it: fxc's listings write oPos with one ``mov`` / ``dp4``s, never a fix-up)."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def compile_(src: str, target: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0))


@pytest.mark.parametrize("index", [1, 2, 7])
@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_centroid_suffix_keeps_the_semantic_index(target: str, index: int):
    src = f"sampler2D s; float4 main(float2 t : TEXCOORD{index}_centroid) : COLOR0 {{ return tex2D(s, t); }}"
    (dcl,) = [i for i in decode_program(compile_(src, target)).instructions
              if i.op == "dcl" and i.dst.reg != Reg.SAMPLER]
    assert dcl.dst.mod & 4  # D3DSPDM_MSAMPCENTROID
    if target == "ps_2_0":
        assert (dcl.dst.reg, dcl.dst.num) == (TEXTURE, index)  # TEXCOORDn is tn
    else:
        assert dcl.dst.reg == Reg.INPUT and dcl.decl == 5 | index << 16  # D3DDECLUSAGE_TEXCOORD, usage index n


@pytest.mark.parametrize(("count", "ok"), [(9, True), (10, True), (11, False)])
def test_ps_3_0_takes_ten_input_registers(count: int, ok: bool):
    params = ", ".join(f"float4 t{k} : TEXCOORD{k}" for k in range(count))
    body = " + ".join(f"t{k}" for k in range(count))
    src = f"float4 main({params}) : COLOR0 {{ return {body}; }}"
    if ok:
        blob = compile_(src, "ps_3_0")
        assert sum(i.op == "dcl" and i.dst.reg == Reg.INPUT for i in decode_program(blob).instructions) == count
        return
    with pytest.raises(D3D11Error, match="X4510"):
        compile_(src, "ps_3_0")


@pytest.mark.parametrize("target", ["vs_2_0", "vs_2_a"])
@pytest.mark.parametrize("body", ["return p;", "return mul(p, m);", "return p * p.x + m[1];"])
def test_position_is_written_once_without_a_fix_up(target: str, body: str):
    src = f"float4x4 m; float4 main(float4 p : POSITION) : POSITION {{ {body} }}"
    writes = [i for i in decode_program(compile_(src, target)).instructions
              if i.dst is not None and (i.dst.reg, i.dst.num) == (Reg.RASTOUT, 0)]
    assert sum(bin(i.dst.mask).count("1") for i in writes) == 4, [(i.op, i.dst.mask) for i in writes]
