"""D3D9 targets: one HLSL sampler read with several textures (shader/sm2/d3d9.py, _sampler_registers).

Sources: "Sampler (Direct3D 9 asm-ps)" -- a sampler register s# identifies one texture sampling stage, i.e. one
texture together with its sampler state, declared once with its texture type (``dcl_2d`` / ``dcl_cube``,
"dcl_samplerType (sm2, sm3 - ps asm)"); the D3DXREGISTER_SET_SAMPLER constant-table entries (one per s#,
D3DXPT_SAMPLER2D 12, D3DXPT_SAMPLERCUBE 14). A separate SamplerState read with several Texture objects
therefore needs one s# per (sampler, texture) pair; each pair's constant is named ``sampler+texture`` (the
name vkd3d-shader's HLSL compiler gives the combined samplers it synthesises for shader models 1-3). The
first pair keeps the sampler's register, further ones take the lowest free s#; "Registers - vs_3_0" gives a
vertex shader four samplers (s0-s3), so a fifth pair is refused (X4510).
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.sm2.ctab import RegisterSet, decode_ctab
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import Reg, SamplerType

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

#: D3DXPARAMETER_TYPE of a sampler constant
_SAMPLER2D, _SAMPLERCUBE = 12, 14


def _compile(src: str, target: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0))


def _samplers(blob: bytes) -> tuple[dict[str, tuple[int, int]], dict[int, int], list[int]]:
    """CTAB sampler constants name -> (register, type); the dcl'd s# -> sampler type; the s# of each texld."""
    prog = decode_program(blob)
    comment = next(i for i in prog.instructions if i.op == "comment")
    table = decode_ctab(list(comment.values))
    consts = {c.name: (c.register_index, c.type.type) for c in table.constants
              if c.register_set == RegisterSet.SAMPLER}
    dcls = {i.dst.num: SamplerType(i.decl >> 27 & 0xF) for i in prog.instructions
            if i.op == "dcl" and i.dst is not None and i.dst.reg == Reg.SAMPLER}
    reads = [s.num for i in prog.instructions if i.op.startswith("texld") for s in i.srcs if s.reg == Reg.SAMPLER]
    return consts, dcls, reads


@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_a", "ps_3_0"])
def test_one_sampler_two_textures_become_two_combined_samplers(target: str):
    src = """SamplerState s; Texture2D ta; TextureCube tb;
    float4 main(float3 c : TEXCOORD0) : COLOR0 { return ta.Sample(s, c.xy) + tb.Sample(s, c); }"""
    consts, dcls, reads = _samplers(_compile(src, target))
    assert set(consts) == {"s+ta", "s+tb"}
    (ra, ta), (rb, tb) = consts["s+ta"], consts["s+tb"]
    assert (ra, rb) == (0, 1)  # the first pair keeps s's register s0, the second the lowest free one
    assert (ta, tb) == (_SAMPLER2D, _SAMPLERCUBE)  # each constant is its own texture's sampler
    assert dcls == {0: SamplerType.TEX_2D, 1: SamplerType.CUBE}  # one declaration per stage, its texture's type
    assert sorted(reads) == [0, 1]


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_single_texture_keeps_the_sampler_register_and_name(target: str):
    src = """SamplerState s : register(s3); Texture2D ta;
    float4 main(float2 c : TEXCOORD0) : COLOR0 { return ta.Sample(s, c) * 2; }"""
    consts, dcls, reads = _samplers(_compile(src, target))
    assert consts == {"s": (3, _SAMPLER2D)}
    assert dcls == {3: SamplerType.TEX_2D} and reads == [3]


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_explicit_register_first_pair_keeps_it_others_take_the_lowest_free(target: str):
    src = """SamplerState s : register(s2); SamplerState u : register(s0); Texture2D ta, tb, tc;
    float4 main(float2 c : TEXCOORD0) : COLOR0
    { return ta.Sample(s, c) + tb.Sample(s, c * 2) + tc.Sample(u, c * 3) + tc.Sample(s, c * 4); }"""
    consts, dcls, reads = _samplers(_compile(src, target))
    # s2 is s's own register; s0 belongs to u, so s's second and third pairs take s1 and s3
    assert {n: r for n, (r, _) in consts.items()} == {"s+ta": 2, "s+tb": 1, "s+tc": 3, "u": 0}
    assert set(dcls) == {0, 1, 2, 3} and sorted(reads) == [0, 1, 2, 3]


@pytest.mark.parametrize(("count", "ok"), [(4, True), (5, False)])
def test_vs_3_0_pairs_beyond_four_samplers_are_refused(count: int, ok: bool):
    decl = "SamplerState s; " + " ".join(f"Texture2D t{k};" for k in range(count))
    body = " + ".join(f"t{k}.SampleLevel(s, p.xy * {k + 1}, 0)" for k in range(count))
    src = f"{decl} float4 main(float4 p : POSITION) : POSITION {{ return {body}; }}"
    if ok:
        consts, _, reads = _samplers(_compile(src, "vs_3_0"))
        assert sorted(r for r, _ in consts.values()) == [0, 1, 2, 3]
        return
    with pytest.raises(D3D11Error, match="X4510"):
        _compile(src, "vs_3_0")
