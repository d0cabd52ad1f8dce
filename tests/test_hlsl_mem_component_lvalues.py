"""Rows and components of vectors and matrices held in UAV or groupshared memory, as assignment and atomic
destinations and as swizzled values (found by tools/dxc_corpus: DXC's arrayOfStruct.hlsl,
swizzleAtomic.hlsl, SplatGroupSharedScalar.hlsl and op.rw-structured-buffer.access.hlsl crashed the compiler).

Rules: HLSL's per-component math page (MicrosoftDocs/win32 desktop-src/direct3dhlsl
dx-graphics-hlsl-per-component-math.md): ``m[r]`` is row ``r`` of a matrix (a vector), ``m[r][c]`` one
component, ``v[i]`` one component, and a swizzle of any of them selects components; each may be written. The
Interlocked* pages (dx-graphics-hlsl-interlockedor.md …) take as destination "a resource variable or shared
memory variable", a single component of one included. Only the designated components change: the expected
values below are the matrices written component by component here, read back whole by the shader."""

from __future__ import annotations

import numpy as np
import pytest
from api_compute_kit import read_buffer_bytes

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError


def _device():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    return dev, ctx


def _run(src: str, n: int) -> list[int]:
    """Runs ``main`` (cs_5_0, one thread) with a raw output buffer at u0 and an 8-element structured buffer
    of ``T`` (the shader's ``typedef``, 16 words) at u1; returns the output's first ``n`` words."""
    dev, ctx = _device()
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=256, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    ouav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=64, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    sb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=8 * 64, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                            MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, StructureByteStride=64))
    suav = dev.CreateUnorderedAccessView(sb, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=8)))
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 2, [ouav, suav], None)
    ctx.Dispatch(1, 1, 1)
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=256, Usage=D3D11_USAGE_STAGING,
                                                 CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(staging, out)
    m = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
    words = np.frombuffer(m.pData, np.uint32)[:n].tolist()
    ctx.Unmap(staging, 0)
    return words


_HEAD = """
RWByteAddressBuffer o : register(u0);
struct T { %s m; uint pad[%d]; };
RWStructuredBuffer<T> sb : register(u1);
"""


def _store_matrix(expr: str, rows: int, cols: int) -> str:
    return "".join(f"o.Store({4 * (r * cols + c)}, asuint({expr}[{r}][{c}]));" for r in range(rows)
                   for c in range(cols))


# (matrix type, statements on sb[2].m (zeroed first), expected components in row order)
STRUCTURED = [
    # a whole row of a column_major (the default) matrix: fxc lays its components a column apart
    ("uint2x3", "sb[2].m[1] = uint3(4, 5, 6);", [0, 0, 0, 4, 5, 6]),
    ("row_major uint2x3", "sb[2].m[1] = uint3(4, 5, 6);", [0, 0, 0, 4, 5, 6]),
    ("uint2x3", "sb[2].m[0][2] = 7;", [0, 0, 7, 0, 0, 0]),
    ("uint2x3", "sb[2].m[1].zx = uint2(8, 9);", [0, 0, 0, 9, 0, 8]),
    ("uint2x3", "sb[2].m[1].zx.y = 3;", [0, 0, 0, 3, 0, 0]),
    ("uint3x2", "sb[2].m[2] = uint2(1, 2); sb[2].m[0].y = 5;", [0, 5, 0, 0, 1, 2]),
    # one component as an atomic destination: its own word, wherever the layout puts it
    ("uint2x2", "InterlockedOr(sb[2].m[0][1], 6); InterlockedAdd(sb[2].m[1].x, 3);", [0, 6, 3, 0]),
    ("row_major uint2x2", "InterlockedOr(sb[2].m[0][1], 6); InterlockedAdd(sb[2].m[1].x, 3);", [0, 6, 3, 0]),
    ("uint2x2", "InterlockedOr(sb[2].m._m01, 6); InterlockedMax(sb[2].m[1][1], 9);", [0, 6, 0, 9]),
]


@pytest.mark.parametrize("mtype,stmts,expected", STRUCTURED)
def test_structured_buffer_matrix_rows_and_components(mtype, stmts, expected):
    rows, cols = int(mtype[-3]), int(mtype[-1])
    src = (_HEAD % (mtype, 16 - rows * cols) + "[numthreads(1, 1, 1)] void main() {\n"
           f"  {mtype} z = ({mtype})0; sb[2].m = z;\n  {stmts}\n  {_store_matrix('sb[2].m', rows, cols)}\n}}")
    assert _run(src, rows * cols) == expected


GROUPSHARED = [
    ("groupshared uint2x2 g;", "g = (uint2x2)0; g[1] = uint2(1, 2); InterlockedOr(g[0][1], 4); "
     "InterlockedAdd(g[1].y, 5);", "g", (2, 2), [0, 4, 1, 7]),
    ("groupshared row_major uint2x2 g[3];", "g[1] = (uint2x2)0; g[1][0].yx = uint2(3, 4); "
     "InterlockedXor(g[1]._m11, 12);", "g[1]", (2, 2), [4, 3, 0, 12]),
    ("groupshared uint4 g;", "g = 0; g[2] = 5; InterlockedAdd(g.w, 2); g.xy = g.zw;", "g", (1, 4),
     [5, 2, 5, 2]),
]


@pytest.mark.parametrize("decl,stmts,expr,shape,expected", GROUPSHARED)
def test_groupshared_rows_and_components(decl, stmts, expr, shape, expected):
    rows, cols = shape
    store = (_store_matrix(expr, rows, cols) if rows > 1 else
             "".join(f"o.Store({4 * c}, {expr}[{c}]);" for c in range(cols)))
    src = (f"RWByteAddressBuffer o : register(u0);\n{decl}\n[numthreads(1, 1, 1)] void main() {{\n"
           f"  {stmts}\n  {store}\n}}")
    assert _run(src, rows * cols) == expected


@pytest.mark.parametrize("decl,value,expected", [
    ("groupshared int a;", "a = 123; int4 x = (a).xxxx;", [123, 123, 123, 123]),
    ("groupshared float2 a;", "a = float2(1, 2); int4 x = (int4)(a).yxyy;", [2, 1, 2, 2]),
    ("groupshared uint3 a;", "a = uint3(7, 8, 9); int4 x = a.zzyx;", [9, 9, 8, 7]),
])
def test_swizzle_of_a_groupshared_value(decl, value, expected):
    """A swizzle applies to any scalar or vector expression (dx-graphics-hlsl-per-component-math.md), a
    groupshared variable read included (DXC CodeGenHLSL/SplatGroupSharedScalar.hlsl)."""
    src = (f"RWByteAddressBuffer o : register(u0);\n{decl}\n[numthreads(1, 1, 1)] void main() {{\n"
           f"  {value}\n  o.Store4(0, asuint(x));\n}}")
    assert _run(src, 4) == expected


@pytest.mark.parametrize("stmt,code", [
    ("sb[2].m[2] = uint3(1, 2, 3);", "X3504"),      # a uint2x3 has rows 0 and 1
    ("sb[2].m[1][3] = 1;", "X3504"),                # and three columns
    ("sb[2].m[int2(0, 1)] = 1;", "X3120"),          # an index is a scalar
])
def test_out_of_range_or_vector_index_is_refused(stmt, code):
    src = (_HEAD % ("uint2x3", 10) + "[numthreads(1, 1, 1)] void main() {\n" + stmt + "\n}")
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    assert f"error {code}:" in ei.value.errors


#: run-time indices (``i`` is SV_GroupIndex, 0): the addressed row/component at a computed offset
RUNTIME = [
    ("uint2x3", "sb[2].m[i + 1] = 1;", [0, 0, 0, 1, 1, 1]),
    ("row_major uint2x3", "sb[2].m[i + 1] = uint3(4, 5, 6);", [0, 0, 0, 4, 5, 6]),
    ("uint2x3", "sb[2].m[i][i + 2] = 7;", [0, 0, 7, 0, 0, 0]),
    ("uint2x3", "sb[2].m[1][i + 2] = 7; sb[2].m[i][i] += 2;", [2, 0, 0, 0, 0, 7]),
    ("uint3x2", "InterlockedAdd(sb[2].m[i + 2][i + 1], 3);", [0, 0, 0, 0, 0, 3]),
]


@pytest.mark.parametrize("mtype,stmts,expected", RUNTIME)
def test_run_time_component_index_into_memory(mtype, stmts, expected):
    rows, cols = int(mtype[-3]), int(mtype[-1])
    src = (_HEAD % (mtype, 16 - rows * cols) + "[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {\n"
           f"  {mtype} z = ({mtype})0; sb[2].m = z;\n  {stmts}\n  {_store_matrix('sb[2].m', rows, cols)}\n}}")
    assert _run(src, rows * cols) == expected


@pytest.mark.parametrize("mtype,stmts,expected", [
    ("double2x2", "sb[2].m[i] = double2(7, 8); sb[2].m[i + 1][i + 1] = 2.5;", [7, 8, 0, 2.5]),
    ("row_major double2x2", "sb[2].m[i + 1] = double2(3, 4); sb[2].m[i][i + 1] = -1.5;", [0, -1.5, 3, 4]),
])
def test_run_time_component_index_into_double_memory(mtype, stmts, expected):
    """Doubles: the component's two words move together, at the run-time offset of their column-major or
    row-major place."""
    src = (_HEAD % (mtype, 8) + "[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {\n"
           f"  {mtype} z = ({mtype})0; sb[2].m = z;\n  {stmts}\n"
           + "".join(f"  o.Store({4 * (2 * r + c)}, asuint((float)sb[2].m[{r}][{c}]));" for r in range(2)
                     for c in range(2)) + "\n}")
    assert np.array(_run(src, 4), np.uint32).view(np.float32).tolist() == expected


#: typed UAV elements of two or more components, a component picked at run time as the destination (assignment,
#: compound assignment, increment): store_uav_typed writes whole elements, so fxc's X4596 of the literal-index form
#: (`b[0].z = 0`, exprs.assign) applies — one component is never "all declared components"
_TYPED_PARTIAL = [
    ("RWBuffer<float4> b : register(u0);", "b[0][i] = 1;"),
    ("RWBuffer<uint2> b : register(u0);", "b[i][i] = 1;"),
    ("RWTexture2D<float2> b : register(u0);", "b[uint2(0, 0)][i] = 1;"),
    ("RWTexture1D<uint4> b : register(u0);", "b[0][i] += 1;"),
    ("RWTexture2DArray<int3> b : register(u0);", "b[uint3(0, 0, 0)][i]++;"),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl,stmt", _TYPED_PARTIAL)
def test_run_time_component_index_into_a_typed_uav_element_is_x4596(decl, stmt):
    src = f"{decl}\n[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {{\n{stmt}\n}}"
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    assert "X4596" in str(ei.value) and "(3," in str(ei.value)


def test_run_time_component_index_into_a_one_component_typed_element_stores_it():
    """`float1`'s only component is the whole element: the store is an ordinary typed store."""
    dev, ctx = _device()
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_UNORDERED_ACCESS))
    uav = dev.CreateUnorderedAccessView(buf, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_FLOAT, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=4)))
    src = ("RWBuffer<float1> b : register(u0);\n[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {\n"
           "b[2][i] = 2.5;\n}")
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    assert read_buffer_bytes(dev, ctx, buf, 16).view(np.float32).tolist() == [0.0, 0.0, 2.5, 0.0]




@pytest.mark.backend_independent
@pytest.mark.parametrize("decl", ["RWBuffer<uint4> b : register(u0);", "RWBuffer<uint1> b : register(u0);",
                                  "RWTexture2D<int2> b : register(u0);"])
def test_run_time_component_of_a_typed_element_as_interlocked_destination_is_refused_as_the_literal_one(decl):
    """The run-time index reaches the literal-index form's rule: the same error, code and position."""
    idx = "uint2(0, 0)" if "2D" in decl else "0"

    def err(comp: str) -> str:
        src = (f"{decl}\n[numthreads(1, 1, 1)] void main(uint i : SV_GroupIndex) {{\n"
               f"InterlockedAdd(b[{idx}]{comp}, 1);\n}}")
        with pytest.raises(ShaderCompileError) as ei:
            D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
        return str(ei.value)

    run_time, literal = err("[i]"), err(".x")
    assert "error X" in run_time and run_time == literal
