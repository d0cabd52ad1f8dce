"""Helpers the shader-model-2 and level-9 test files share: D3DCompile of ``main`` without flags, the agreement of a
Direct3D 9 program with the SM4 program of the same source (test_hlsl_d3d9_targets._run_both: the D3D9 program on
the test interpreter, the SM4 program on the executor), and a program's opcodes."""

from __future__ import annotations

import numpy as np

from pyd3d11.d3dcompiler import D3DCompile


def compile_(src: str, target: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0))


def agree(src: str, target: str, seeds=(3, 4), bools=None) -> None:
    from test_hlsl_d3d9_targets import _run_both

    for seed in seeds:
        for expect, got, name in _run_both(src, target, seed=seed, bools=bools):
            np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"{target} {name} seed {seed}")


def ops(blob: bytes) -> list[str]:
    from pyd3d11.shader.sm2.program import decode_program

    return [i.op for i in decode_program(blob).instructions]


def translated_(src: str, target: str) -> bytes:
    """The shader model 4 program of ``src`` (compiled for ps_4_0 / vs_4_0) with the Aon9 chunk the level-9
    translator makes of it under ``target``'s profile: how the tests reach translations (integer shifts and other
    bitwise operators) of SM4 instructions that fxc refuses to generate from HLSL below shader model 4 (its X3535
    "Bitwise operations not supported on target", d3dcompiler_47 10.1 under Wine, session 35)."""
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program as decode_sm4
    from pyd3d11.shader.hlsl.compiler import add_level9_chunk

    blob = compile_(src, target[:2] + "_4_0")
    return add_level9_chunk(blob, decode_sm4(parse_container(blob).program), target, "t.hlsl")
