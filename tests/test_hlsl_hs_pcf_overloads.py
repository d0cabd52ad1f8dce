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
    # the other order: the last definition takes 32 points, which the entry point's InputPatch<CP, 3> refuses (fxc
    # 10.1's X3659 "'PCF': Patch constant function must use the same input control point type …", session 38)
    with pytest.raises(ShaderCompileError, match="X3659: 'PCF': Patch constant function must use the same input"):
        D3DCompile(_HS % (_pcf(3, 1.0), _pcf(32, 5.0)), None, "t.hlsl", None, None, "main", "hs_5_0")


def test_patch_counts_make_distinct_overloads_but_a_repeated_count_is_a_second_body():
    with pytest.raises(ShaderCompileError, match="X3003: redefinition of 'PCF'"):  # fxc 10.1 (session 40)
        D3DCompile(_HS % (_pcf(3, 5.0), _pcf(3, 1.0)), None, "t.hlsl", None, None, "main", "hs_5_0")
    src = """struct CP { float4 pos : POS; };
    float f(InputPatch<CP, 3> p) { return p[0].pos.x; }
    float f(InputPatch<CP, 4> p) { return p[3].pos.y; }"""
    from pyd3d11.shader.hlsl.overload import signature
    from pyd3d11.shader.hlsl.parser import parse

    funcs = [d for d in parse(src, "t.hlsl").decls if getattr(d, "name", None) == "f"]
    assert signature(funcs[0]) != signature(funcs[1])


_HS_OUT = """
struct CP { float4 pos : POS; };
void PCF(InputPatch<CP, 3> p, out float e[3] : SV_TessFactor, out float ins : SV_InsideTessFactor,
         out float4 extra : EXTRA) {
    extra = p[1].pos;
    e[0] = p[0].pos.x + 1; e[1] = p[1].pos.x + 2; e[2] = p[2].pos.x + 3;
    if (p[0].pos.w > 100) { ins = 0; return; }
    ins = p[0].pos.y * 2;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[patchconstantfunc("PCF")] [outputcontrolpoints(3)]
CP main(InputPatch<CP, 3> p, uint id : SV_OutputControlPointID) { return p[id]; }
"""


@pytest.mark.parametrize("backend", ["reference", "native"])
def test_patch_constant_function_out_parameters_are_patch_constants(backend):
    """DXC's hs.const.output-patch.out: the tessellation factors (and other patch constants) written through
    ``out`` parameters of the patch-constant function, an early ``return`` included."""
    import numpy as np

    from pyd3d11.pipeline.hull import run_hull_shader
    from pyd3d11.shader import native
    from pyd3d11.shader.exec.bindings import Bindings

    if backend == "native" and not native.available():
        pytest.skip("llvmlite not installed")
    blob = bytes(D3DCompile(_HS_OUT, None, "t.hlsl", None, None, "main", "hs_5_0"))
    from gfx_util import blob_program

    pc_sig = disassemble(blob).split("Input signature")[0]
    row = next(ln.split()[1:] for ln in pc_sig.splitlines() if " EXTRA " in ln)  # a patch constant
    extra_reg = int(row[3])

    cp = np.zeros((3, 3, 1, 4), np.float32)
    cp[..., 0, :] = np.arange(36, dtype=np.float32).reshape(3, 3, 4) / 4
    cp[2, 0, 0, 3] = 500.0  # patch 2 takes the early return
    native.set_backend(backend)
    try:
        res = run_hull_shader(blob_program(blob), Bindings(), cp)
    finally:
        native.set_backend(None)
    expect = np.stack([cp[:, 0, 0, 0] + 1, cp[:, 1, 0, 0] + 2, cp[:, 2, 0, 0] + 3, cp[:, 0, 0, 1] * 2], 1)
    expect[2, 3] = 0.0
    np.testing.assert_array_equal(res.tess_factors, expect)
    np.testing.assert_array_equal(res.patch_constants[:, extra_reg].view(np.float32), cp[:, 1, 0])
