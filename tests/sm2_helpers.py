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
