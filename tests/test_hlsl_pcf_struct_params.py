"""Hull shaders: a patch-constant function parameter without a semantic of its own (session 24, helper GPU).

Rule (MicrosoftDocs "Semantics": a semantic is attached to a parameter or to a structure member; "patchconstantfunc":
the named function outputs the patch-constant data): a parameter passes between stages when it is an
InputPatch/OutputPatch, carries a semantic, or is a struct (or an array of structs) every member of which carries
one, directly or through its own struct type. An output without one -- a plain value, a struct with a member
lacking one -- is X3503 "'PCF': output parameter 'o' missing semantics" (d3dcompiler_47 10.1, session 44), a
``uniform`` X4502 "invalid patch constant function parameter" here. Found through NVIDIA
FaceWorks' tess_hs.hlsl (``void calcHSConstants(in InputPatch<Vertex, 3> i_cps, out PatchConstData o_pcd)``).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_specific

_HS = """
struct CP { float4 pos : POS; };
struct PC { float e[3] : SV_TessFactor; float ins : SV_InsideTessFactor; };
struct Extra { float4 v : EXTRA; };
struct Nested { PC pc; Extra x; };
struct Partial { float e[3] : SV_TessFactor; float ins : SV_InsideTessFactor; float4 loose; };
%s
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[patchconstantfunc("PCF")] [outputcontrolpoints(3)]
CP main(InputPatch<CP, 3> p, uint id : SV_OutputControlPointID) { return p[id]; }
"""
_BODY = "o.e[0] = p[0].pos.x; o.e[1] = p[1].pos.x; o.e[2] = p[2].pos.x; o.ins = p[0].pos.y;"

CASES = [
    # (patch-constant function, compiles) — from the rule above
    (f"void PCF(InputPatch<CP, 3> p, out PC o) {{ {_BODY} }}", True),
    (f"void PCF(out PC o, InputPatch<CP, 3> p, uint id : SV_PrimitiveID) {{ {_BODY} }}", True),
    ("void PCF(InputPatch<CP, 3> p, out Nested n) { PC o; " + _BODY + " n.pc = o; n.x.v = p[1].pos; }", True),
    ("void PCF(InputPatch<CP, 3> p, out PC o, out Extra x) { " + _BODY + " x.v = p[1].pos; }", True),
    # the semantic given on the parameter: its struct's members need none of their own
    ("void PCF(InputPatch<CP, 3> p, out float e[3] : SV_TessFactor, out float i : SV_InsideTessFactor)"
     " { e[0] = 1; e[1] = 1; e[2] = 1; i = 1; }", True),
    # an output without a semantic: d3dcompiler_47 10.1's X3503 "'PCF': output parameter 'o' missing semantics"
    # (session 44; X4502 was inferred here)
    (f"void PCF(InputPatch<CP, 3> p, out Partial o) {{ {_BODY} o.loose = 0; }}", "X3503: .*output parameter 'o' missing semantics"),
    (f"void PCF(InputPatch<CP, 3> p, out PC o, out float4 loose) {{ {_BODY} loose = 0; }}",
     "X3503: .*output parameter 'loose' missing semantics"),
    # (fxc 10.1 answers this one with its numberless "internal error: compilation aborted unexpectedly")
    (f"void PCF(InputPatch<CP, 3> p, out PC o, uniform float k) {{ {_BODY} }}",
     "X4502: .*invalid patch constant function parameter"),
]


@pytest.mark.parametrize("pcf,compiles", CASES)
def test_patch_constant_parameters_pass_by_semantics(pcf, compiles):
    src = _HS % pcf
    if compiles is True:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "hs_5_0")
    else:
        with pytest.raises(ShaderCompileError, match=compiles):
            D3DCompile(src, None, "t.hlsl", None, None, "main", "hs_5_0")


@pytest.mark.parametrize("backend", ["reference", "native"])
def test_struct_out_parameter_writes_the_patch_constants(backend):
    """The factors written through ``out PC o`` are the patch's tessellation factors (computed here from the
    control points by the function's own arithmetic)."""
    from gfx_util import blob_program

    from pyd3d11.pipeline.hull import run_hull_shader
    from pyd3d11.shader import native
    from pyd3d11.shader.exec.bindings import Bindings

    if backend == "native" and not native.available():
        pytest.skip("llvmlite not installed")
    blob = bytes(D3DCompile(_HS % CASES[0][0], None, "t.hlsl", None, None, "main", "hs_5_0"))
    cp = np.zeros((2, 3, 1, 4), np.float32)
    cp[..., 0, :] = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 8 + 1
    native.set_backend(backend)
    try:
        res = run_hull_shader(blob_program(blob), Bindings(), cp)
    finally:
        native.set_backend(None)
    expect = np.stack([cp[:, 0, 0, 0], cp[:, 1, 0, 0], cp[:, 2, 0, 0], cp[:, 0, 0, 1]], 1)
    np.testing.assert_array_equal(res.tess_factors, expect)
