"""Hull shaders: overloads of the patch-constant function. The control-point count is part of an
InputPatch/OutputPatch type, so ``F(InputPatch<T, 32>)`` and ``F(InputPatch<T, 3>)`` are two overloads,
and with several definitions of the named function fxc takes the one defined last (DXC's SimpleHs10 /
SimpleHs11, whose comments record "the old compiler's behavior")."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.disasm import disassemble

pytestmark = pytest.mark.backend_specific  # compile-time rules

_HS = """
struct CP { float4 pos : POS; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
%s
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[patchconstantfunc("PCF")] [outputcontrolpoints(3)]
CP main(InputPatch<CP, 3> p, uint id : SV_OutputControlPointID) { return p[id]; }
%s
"""


def _pcf(n: int, first: float) -> str:
    vals = ", ".join(f"{first + k:.1f}" for k in range(4))
    return (f"PC PCF(InputPatch<CP, {n}> p) {{ PC d; float4 v = float4({vals}); "
            "d.e[0] = v.x; d.e[1] = v.y; d.e[2] = v.z; d.i = v.w; return d; }")


def _fork_constants(src: str) -> str:
    text = disassemble(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "hs_5_0")))
    return text[text.index("hs_fork_phase"):]


def test_the_last_defined_patch_constant_function_is_taken():
    # SimpleHs10/11: the 32-point overload first, the 3-point one (matching the entry point) last
    fork = _fork_constants(_HS % (_pcf(32, 5.0), _pcf(3, 1.0)))
    assert all(f"l({v:.6f}" in fork for v in (1, 2, 3, 4)) and "l(5.000000" not in fork
    # the other order: the last definition takes 32 points, which the entry point's InputPatch<CP, 3> refuses
    with pytest.raises(ShaderCompileError, match="InputPatch must match"):
        D3DCompile(_HS % (_pcf(3, 1.0), _pcf(32, 5.0)), None, "t.hlsl", None, None, "main", "hs_5_0")


def test_patch_counts_make_distinct_overloads_but_a_repeated_count_is_a_second_body():
    with pytest.raises(ShaderCompileError, match="X3083"):
        D3DCompile(_HS % (_pcf(3, 5.0), _pcf(3, 1.0)), None, "t.hlsl", None, None, "main", "hs_5_0")
    src = """struct CP { float4 pos : POS; };
    float f(InputPatch<CP, 3> p) { return p[0].pos.x; }
    float f(InputPatch<CP, 4> p) { return p[3].pos.y; }"""
    from pyd3d11.shader.hlsl.overload import signature
    from pyd3d11.shader.hlsl.parser import parse

    funcs = [d for d in parse(src, "t.hlsl").decls if getattr(d, "name", None) == "f"]
    assert signature(funcs[0]) != signature(funcs[1])
