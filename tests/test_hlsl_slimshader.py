"""SlimShader corpus sources through our HLSL compiler (issue requirement): every .hlsl in
../shared/conformance/dxbc-corpus/slimshader compiles for its stage, and its reflection (constant
buffers, resource bindings, signatures) matches that of the fxc-compiled .o beside it.

Pairs: each .o with the .hlsl of its folder whose name it starts with (case-insensitive); the profile
comes from the .o's version token; the entry point is listed in ENTRIES (the SDK samples' function for
that object, read from the sample sources: the .o/.asm names give the stage and variant). Both blobs are
read back through the public D3DReflect, so the comparison is reflection against reflection."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import numpy as np
import pytest
from conftest import CONFORMANCE, conformance_path

from pyd3d11.errors import D3D11Error, ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

ROOT = CONFORMANCE / "dxbc-corpus" / "slimshader"
_PROGRAM = {0: "ps", 1: "vs", 2: "gs", 3: "hs", 4: "ds", 5: "cs"}
_FUNC = re.compile(r"^[\w<>, ]*?\b([A-Za-z_]\w*)\s*\([^;{]*\)\s*(?::\s*\w+\s*)?(?:\{|$)", re.M)


def profile_of(o: Path) -> str:
    """``xs_M_m`` from the SHDR/SHEX version token of an fxc object."""
    data = o.read_bytes()
    for tag in (b"SHEX", b"SHDR"):
        i = data.find(tag)
        if i >= 0:
            ver = int.from_bytes(data[i + 8:i + 12], "little")
            return f"{_PROGRAM[ver >> 16]}_{(ver >> 4) & 15}_{ver & 15}"
    raise ValueError(f"{o}: no shader program chunk")


def source_for(o: Path) -> Path | None:
    """The .hlsl of the object's folder whose stem begins the object's stem (longest wins)."""
    best = None
    for h in o.parent.glob("*.hlsl"):
        if o.stem.lower().startswith(h.stem.lower()) and (best is None or len(h.stem) > len(best.stem)):
            best = h
    return best


def functions_in(src: str) -> list[str]:
    names = []
    for m in _FUNC.finditer(src):
        n = m.group(1)
        if n not in names and n not in ("if", "for", "while", "switch", "return", "register", "numthreads"):
            names.append(n)
    return names


def reflection_summary(blob) -> dict[str, list]:
    """The reflection facts compared: constant buffers, bound resources, signatures."""
    r = D3DReflect(blob)
    d = r.GetDesc()
    cbs = []
    for i in range(d.ConstantBuffers):
        cb = r.GetConstantBufferByIndex(i)
        cd = cb.GetDesc()
        vs = []
        for k in range(cd.Variables):
            v = cb.GetVariableByIndex(k)
            vd = v.GetDesc()
            td = v.GetType().GetDesc()
            vs.append((vd.Name, vd.StartOffset, vd.Size, vd.uFlags, td.Class, td.Type, td.Rows, td.Columns,
                       td.Elements))
        cbs.append((cd.Name, cd.Type, cd.Size, tuple(vs)))
    binds = []
    for i in range(d.BoundResources):
        b = r.GetResourceBindingDesc(i)
        binds.append((b.Name, b.Type, b.BindPoint, b.BindCount, b.Dimension, b.ReturnType))

    def sig(n, get):
        out = []
        for i in range(n):
            p = get(i)
            out.append((p.SemanticName, p.SemanticIndex, p.Register, p.Mask, p.ReadWriteMask,
                        p.SystemValueType, p.ComponentType))
        return out

    return {
        "cbuffers": sorted(cbs), "bindings": sorted(binds),
        "inputs": sig(d.InputParameters, r.GetInputParameterDesc),
        "outputs": sig(d.OutputParameters, r.GetOutputParameterDesc),
        "patch": sig(d.PatchConstantParameters, r.GetPatchConstantParameterDesc),
    }


#: macros the SDK sample defines for an object variant (from the sample's C++ CompileShaderFromFile calls,
#: visible in the source's #ifdef blocks and the object names)
DEFINES = {
    "BasicCompute11_Structured.o": {"USE_STRUCTURED_BUFFERS": "1"},
    "BasicCompute11_Structured_Double.o": {"USE_STRUCTURED_BUFFERS": "1", "TEST_DOUBLE": "1"},
    "BasicCompute11_Raw_Double.o": {"TEST_DOUBLE": "1"},
}


@functools.cache  # the reflection and declaration tests compile each object once
def compile_for(o: Path, entry: str):
    h = source_for(o)
    # the standard include finds files as Windows does ("Shader_include.hlsl" for shader_include.hlsl)
    return D3DCompile(h.read_bytes(), None, str(h), DEFINES.get(o.name), D3D_COMPILE_STANDARD_FILE_INCLUDE, entry,
                      profile_of(o))
# (object, entry point, None when reflection matches else why it does not yet)
ENTRIES = [
    ('Internal/Textures_PS.o', 'PS', None),
    ('Internal/Textures_VS.o', 'VS', None),
    ('Sdk/Direct3D11/AdaptiveTessellationCS40/TessellatorCS40_EdgeFactorCS.o', 'CSEdgeFactor', None),
    ('Sdk/Direct3D11/AdaptiveTessellationCS40/TessellatorCS40_NumVerticesIndicesCS.o', 'CSNumVerticesIndices', None),
    ('Sdk/Direct3D11/AdaptiveTessellationCS40/TessellatorCS40_ScatterIDCS_Index.o', 'CSScatterVertexTriIDIndexID', None),
    ('Sdk/Direct3D11/AdaptiveTessellationCS40/TessellatorCS40_ScatterIDCS_Vertex.o', 'CSScatterVertexTriIDIndexID', None),
    ('Sdk/Direct3D11/AdaptiveTessellationCS40/TessellatorCS40_TessellateIndicesCS.o', 'CSTessellationIndices', None),
    ('Sdk/Direct3D11/AdaptiveTessellationCS40/TessellatorCS40_TessellateVerticesCS.o', 'CSTessellationVertices', None),
    ('Sdk/Direct3D11/BC6HBC7EncoderDecoder11/BC6HDecode.o', 'main', None),
    ('Sdk/Direct3D11/BC6HBC7EncoderDecoder11/BC7Decode.o', 'main', None),
    ('Sdk/Direct3D11/BC6HBC7EncoderDecoder11/BC7Encode_02.o', 'TryMode02CS', None),
    ('Sdk/Direct3D11/BC6HBC7EncoderDecoder11/BC7Encode_137.o', 'TryMode137CS', None),
    ('Sdk/Direct3D11/BC6HBC7EncoderDecoder11/BC7Encode_456.o', 'TryMode456CS', None),
    ('Sdk/Direct3D11/BasicCompute11/BasicCompute11_Raw.o', 'CSMain', None),
    ('Sdk/Direct3D11/BasicCompute11/BasicCompute11_Raw_Double.o', 'CSMain', None),
    ('Sdk/Direct3D11/BasicCompute11/BasicCompute11_Structured.o', 'CSMain', None),
    ('Sdk/Direct3D11/BasicCompute11/BasicCompute11_Structured_Double.o', 'CSMain', None),
    ('Sdk/Direct3D11/CascadedShadowMaps11/RenderCascadeScene_PS.o', 'PSMain', None),
    ('Sdk/Direct3D11/CascadedShadowMaps11/RenderCascadeScene_VS.o', 'VSMain', None),
    ('Sdk/Direct3D11/ComputeShaderSort11/ComputeShaderSort11_BitonicSort.o', 'BitonicSort', None),
    ('Sdk/Direct3D11/ComputeShaderSort11/ComputeShaderSort11_MatrixTranspose.o', 'MatrixTranspose', None),
    ('Sdk/Direct3D11/ContactHardeningShadows11/ContactHardeningShadows11_PS.o', 'PS_RenderScene', None),
    ('Sdk/Direct3D11/ContactHardeningShadows11/ContactHardeningShadows11_VS.o', 'VS_RenderScene', None),
    ('Sdk/Direct3D11/ContactHardeningShadows11/ContactHardeningShadows11_VSSM.o', 'VS_RenderSceneSM', None),
    ('Sdk/Direct3D11/DDSWithoutD3DX11/DDSWithoutD3DX_PS.o', 'RenderScenePS', None),
    ('Sdk/Direct3D11/DDSWithoutD3DX11/DDSWithoutD3DX_VS.o', 'RenderSceneVS', None),
    ('Sdk/Direct3D11/DecalTessellation11/DecalTessellation11_DS.o', 'DS', None),
    ('Sdk/Direct3D11/DecalTessellation11/DecalTessellation11_HS.o', 'HS', None),
    ('Sdk/Direct3D11/DecalTessellation11/DecalTessellation11_PS.o', 'PS', None),
    ('Sdk/Direct3D11/DecalTessellation11/DecalTessellation11_VS.o', 'VS', None),
    ('Sdk/Direct3D11/DecalTessellation11/DecalTessellation11_VS_NoTessellation.o', 'VS_NoTessellation', None),
    ('Sdk/Direct3D11/DetailTessellation11/DetailTessellation11_DS.o', 'DS', None),
    ('Sdk/Direct3D11/DetailTessellation11/DetailTessellation11_HS.o', 'HS', None),
    ('Sdk/Direct3D11/DetailTessellation11/DetailTessellation11_PS.o', 'BumpMapPS', None),
    ('Sdk/Direct3D11/DetailTessellation11/DetailTessellation11_VS.o', 'VS', None),
    ('Sdk/Direct3D11/DetailTessellation11/DetailTessellation11_VS_NoTessellation.o', 'VS_NoTessellation', None),
    ('Sdk/Direct3D11/DetailTessellation11/POM_PS.o', 'RenderScenePS', None),
    ('Sdk/Direct3D11/DetailTessellation11/POM_VS.o', 'RenderSceneVS', None),
    ('Sdk/Direct3D11/DetailTessellation11/Particle_GS.o', 'GSPointSprite', None),
    ('Sdk/Direct3D11/DetailTessellation11/Particle_PS.o', 'PSConstantColor', None),
    ('Sdk/Direct3D11/DetailTessellation11/Particle_VS.o', 'VSPassThrough', None),
    ('Sdk/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_PS.o', 'PSMain', None),
    ('Sdk/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_VS.o', 'VSMain', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_BuildGridCS.o', 'BuildGridCS', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_BuildGridIndicesCS.o', 'BuildGridIndicesCS', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_ClearGridIndicesCS.o', 'ClearGridIndicesCS', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_DensityCS_Grid.o', 'DensityCS_Grid', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_DensityCS_Shared.o', 'DensityCS_Shared', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_DensityCS_Simple.o', 'DensityCS_Simple', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_ForceCS_Grid.o', 'ForceCS_Grid', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_ForceCS_Shared.o', 'ForceCS_Shared', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_ForceCS_Simple.o', 'ForceCS_Simple', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_IntegrateCS.o', 'IntegrateCS', None),
    ('Sdk/Direct3D11/FluidCS11/FluidCS11_RearrangeParticlesCS.o', 'RearrangeParticlesCS', None),
    ('Sdk/Direct3D11/FluidCS11/FluidRender_GS.o', 'ParticleGS', None),
    ('Sdk/Direct3D11/FluidCS11/FluidRender_PS.o', 'ParticlePS', None),
    ('Sdk/Direct3D11/FluidCS11/FluidRender_VS.o', 'ParticleVS', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/BrightPassAndHorizFilterCS.o', 'CSMain', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/DumpToTexture.o', 'PSDump', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/FilterCS_Horizontal.o', 'CSHorizFilter', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/FilterCS_Vertical.o', 'CSVerticalFilter', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/FinalPass_PS.o', 'PSFinalPass', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/FinalPass_PS_CPUReduction.o', 'PSFinalPassForCPUReduction', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/FinalPass_VS.o', 'QuadVS', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/PSApproach_PS.o', 'DownScale3x3_BrightPass', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/ReduceTo1DCS.o', 'CSMain', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/ReduceToSingleCS.o', 'CSMain', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/Skybox11_PS.o', 'SkyboxPS', None),
    ('Sdk/Direct3D11/HDRToneMappingCS11/Skybox11_VS.o', 'SkyboxVS', None),
    ('Sdk/Direct3D11/NBodyGravityCS11/NBodyGravityCS11.o', 'CSMain', None),
    ('Sdk/Direct3D11/NBodyGravityCS11/ParticleDraw_GS.o', 'GSParticleDraw', None),
    ('Sdk/Direct3D11/NBodyGravityCS11/ParticleDraw_PS.o', 'PSParticleDraw', None),
    ('Sdk/Direct3D11/NBodyGravityCS11/ParticleDraw_VS.o', 'VSParticleDraw', None),
    ('Sdk/Direct3D11/PNTriangles11/PNTriangles11_DS.o', 'DS_PNTriangles', None),
    ('Sdk/Direct3D11/PNTriangles11/PNTriangles11_HS.o', 'HS_PNTriangles', None),
    ('Sdk/Direct3D11/PNTriangles11/PNTriangles11_PS.o', 'PS_RenderScene', None),
    ('Sdk/Direct3D11/PNTriangles11/PNTriangles11_VS.o', 'VS_RenderScene', None),
    ('Sdk/Direct3D11/PNTriangles11/PNTriangles11_VS_WithTessellation.o', 'VS_RenderSceneWithTessellation', None),
    ('Sdk/Direct3D11/SimpleBezier11/SimpleBezier11_DS.o', 'BezierDS', None),
    ('Sdk/Direct3D11/SimpleBezier11/SimpleBezier11_HS.o', 'BezierHS', None),
    ('Sdk/Direct3D11/SimpleBezier11/SimpleBezier11_PS.o', 'BezierPS', None),
    ('Sdk/Direct3D11/SimpleBezier11/SimpleBezier11_VS.o', 'BezierVS', None),
    ('Sdk/Direct3D11/SubD11/SubD11_DS.o', 'BezierEvalDS', None),
    ('Sdk/Direct3D11/SubD11/SubD11_HS.o', 'SubDToBezierHS', None),
    ('Sdk/Direct3D11/SubD11/SubD11_HS_4444.o', 'SubDToBezierHS4444', None),
    ('Sdk/Direct3D11/SubD11/SubD11_PS.o', 'SmoothPS', None),
    ('Sdk/Direct3D11/SubD11/SubD11_VS_MeshSkinning.o', 'MeshSkinningVS', None),
    ('Sdk/Direct3D11/SubD11/SubD11_VS_PatchSkinning.o', 'PatchSkinningVS', None),
    ('Sdk/Direct3D11/VarianceShadows11/2DQuadShaders_PS_BlurX.o', 'PSBlurX', None),
    ('Sdk/Direct3D11/VarianceShadows11/2DQuadShaders_PS_BlurY.o', 'PSBlurY', None),
    ('Sdk/Direct3D11/VarianceShadows11/2DQuadShaders_VS.o', 'VSMain', None),
    ('Sdk/Direct3D11/VarianceShadows11/RenderVarianceScene_PS.o', 'PSMain', None),
    ('Sdk/Direct3D11/VarianceShadows11/RenderVarianceScene_VS.o', 'VSMain', None),
    ('Sdk/Direct3D11/VarianceShadows11/RenderVarianceShadow_PS.o', 'PSMain', None),
    ('Sdk/Direct3D11/VarianceShadows11/RenderVarianceShadow_VS.o', 'VSMain', None),
]


def _params():
    for obj, entry, why in ENTRIES:
        marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
        yield pytest.param(obj, entry, marks=marks, id=f"{obj}:{entry}")


#: objects whose constant-buffer declarations differ from fxc's, and why
_CB_DECL_DIFFERS = {
    "Sdk/Direct3D11/NBodyGravityCS11/ParticleDraw_GS.o":
        "fxc drops the third row of (float3x3)g_mInvView because the sprite corners have z = 0 (0 * x folded, "
        "which IEEE forbids for x = inf/NaN); we keep the multiply, so we declare cb0[7] where fxc has cb0[6]",
}
_CB_DECL = re.compile(r"^dcl_constantbuffer (cb\d+\[\d+\], \w+)", re.M)

#: Compiler-version switch. The SlimShader objects are fxc 9.30.9200 (d3dcompiler_46, the Windows 8 SDK); the
#: project follows d3dcompiler_47 (fxc 10.1). d3dcompiler_46 reflected these explicitly bound constant buffers,
#: none of whose variables the shader reads, and declared them ``cbN[1]``; fxc 10.1 drops every one of them
#: (DXDecompiler's objects of the same five shaders; docs/conformance.md, Session 25 helper REF). Object ->
#: {buffer name: slot}; both the reflection and the declaration comparisons leave them out of fxc 9.30's side.
D3DCOMPILER_46_KEEPS_UNUSED = {
    "Sdk/Direct3D11/DetailTessellation11/DetailTessellation11_PS.o": {"cbMain": 0},
    "Sdk/Direct3D11/DetailTessellation11/POM_PS.o": {"cbMain": 0},
    "Sdk/Direct3D11/DetailTessellation11/Particle_PS.o": {"cbMain": 0},
    "Sdk/Direct3D11/SubD11/SubD11_DS.o": {"cbTangentStencilConstants": 0},
    "Sdk/Direct3D11/SubD11/SubD11_PS.o": {"cbTangentStencilConstants": 0, "cbPerMesh": 1},
}


def _as_d3dcompiler_47(obj: str, summary: dict[str, list]) -> dict[str, list]:
    """fxc 9.30's reflection summary without the buffers only d3dcompiler_46 keeps."""
    drop = D3DCOMPILER_46_KEEPS_UNUSED.get(obj, {})
    return dict(summary, cbuffers=[c for c in summary["cbuffers"] if c[0] not in drop],
                bindings=[b for b in summary["bindings"] if not (b[1] == 0 and b[0] in drop)])


def _cb_decl_params():
    for obj, entry, _ in ENTRIES:
        why = _CB_DECL_DIFFERS.get(obj)
        marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
        yield pytest.param(obj, entry, marks=marks, id=f"{obj}:{entry}")


@pytest.mark.parametrize(("obj", "entry"), list(_cb_decl_params()))
def test_constant_buffer_declarations_match_fxc(obj: str, entry: str):
    """``dcl_constantbuffer cbN[size], immediateIndexed|dynamicIndexed`` as fxc writes it: the size is one
    past the highest register the code can read (what the debug layer compares the bound buffer with)."""
    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.dxbc.disasm import disassemble

    o = conformance_path("dxbc-corpus", "slimshader", obj)
    dropped = {f"cb{slot}[1], immediateIndexed" for slot in D3DCOMPILER_46_KEEPS_UNUSED.get(obj, {}).values()}
    ref = sorted(d for d in _CB_DECL.findall(o.with_suffix(".asm").read_text(errors="replace")) if d not in dropped)
    got = sorted(_CB_DECL.findall(disassemble(bytes(blob_bytes(compile_for(o, entry))))))
    assert got == ref


def test_every_object_with_a_source_is_listed():
    root = conformance_path("dxbc-corpus", "slimshader")
    paired = {str(o.relative_to(root)) for o in root.rglob("*.o") if source_for(o) is not None}
    assert paired == {e[0] for e in ENTRIES}


@pytest.mark.parametrize(("obj", "entry"), list(_params()))
def test_compiles_and_reflection_matches_fxc(obj: str, entry: str):
    o = conformance_path("dxbc-corpus", "slimshader", obj)
    try:
        blob = compile_for(o, entry)
    except D3D11Error as exc:
        pytest.fail(f"does not compile: {exc}")
    got, ref = reflection_summary(blob), _as_d3dcompiler_47(obj, reflection_summary(o.read_bytes()))
    for part in ref:
        assert got[part] == ref[part], part


#: a run-time index writing one component of a vector: d3dcompiler_47 10.1 under Wine (session 36) refuses each at
#: ps_4_0 and ps_5_0 -- X3500 "array reference cannot be used as an l-value; not natively addressable" (in a loop of
#: one pass too, adding X3511 "forced to unroll loop, but unrolling failed"); an array element compiles
DYNAMIC_VECTOR_WRITES = ["v[k.x] = 10; v[k.y] *= 3;", "for (int n = 0; n < 1; n++) { v[k.x + n] = 10; v[k.y - n] *= 3; }",
                         "if (k.z > 0) v[k.x] = 10;"]


@pytest.mark.parametrize("body", DYNAMIC_VECTOR_WRITES)
@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_dynamic_vector_component_writes_are_x3500(body: str, target: str):
    src = "float4 main(int4 k : K) : SV_Target { float4 v = float4(1, 2, 3, 4); " + body + " return v; }"
    with pytest.raises(ShaderCompileError, match="X3500: array reference cannot be used as an l-value"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)


def test_dynamic_array_element_writes_select_one_element():
    """``a[i] = x`` / ``a[i] *= y`` on a float[4] with a run-time ``i`` (the AdaptiveTessellation, BC7 and SubD11
    sources' pattern, which fxc compiles for arrays): only element i changes, per lane."""
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program
    from pyd3d11.shader.exec import run_program
    from pyd3d11.shader.exec.bindings import Bindings

    src = """
    float4 main(int4 k : K) : SV_Target {
        float a[4] = {1, 2, 3, 4};
        a[k.x] = 10;
        a[k.y] *= 3;
        return float4(a[0], a[1], a[2], a[3]);
    }"""
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_4_0"))
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    k = np.array([[0, 0, 0, 0], [2, 3, 0, 0], [3, 1, 0, 0], [1, 2, 0, 0]], np.int32)
    out = run_program(decode_program(chunk.data), 4, inputs={0: k.view(np.uint32)},
                      bindings=Bindings()).outputs[0].view(np.float32)
    expect = np.tile(np.float32([1, 2, 3, 4]), (4, 1))
    for lane, (i, j) in enumerate(k[:, :2]):
        expect[lane, i] = 10
        expect[lane, j] *= 3
    np.testing.assert_array_equal(out, expect)


def test_dynamic_component_write_outside_a_loop_is_x3500_like_fxc():
    """vector-indexing.shader_test: fxc rejects ``p[i] = 2.0`` with a run-time ``i`` below SM6."""
    with pytest.raises(D3D11Error, match="X3500"):
        D3DCompile("float4 v; float i; float4 main() : SV_Target { float4 p = v; p[i] = 2.0; return p; }",
                   None, "t.hlsl", None, None, "main", "ps_4_0")


def test_dynamic_element_write_into_an_array_parameter():
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program
    from pyd3d11.shader.exec import run_program
    from pyd3d11.shader.exec.bindings import Bindings

    src = """
    void fill(out float2 a[3], int k) { a[0] = 1; a[1] = 2; a[2] = 3; [loop] for (int n = k; n <= k; n++) a[n] = float2(7, 8); }
    float4 main(int4 k : K) : SV_Target { float2 a[3]; fill(a, k.x); return float4(a[0].x, a[1].y, a[2]); }"""
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_4_0"))
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    k = np.array([[0, 0, 0, 0], [1, 0, 0, 0], [2, 0, 0, 0]], np.int32)
    out = run_program(decode_program(chunk.data), 3, inputs={0: k.view(np.uint32)},
                      bindings=Bindings()).outputs[0].view(np.float32)
    np.testing.assert_array_equal(out, np.float32([[7, 2, 3, 3], [1, 8, 3, 3], [1, 2, 7, 8]]))
