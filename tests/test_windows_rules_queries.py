"""Issue 14 item 4: queries count what the functional spec says (§20.4.7, §20.4.9, §20.4.10).

- D3D11_QUERY_SO_STATISTICS is a synonym for _STREAM0 (§20.4.9); each _STREAMn counts its stream only.
- D3D11_QUERY_SO_OVERFLOW_PREDICATE is TRUE when any of the four streams overflowed; _STREAMn only its stream.
- PIPELINE_STATISTICS: every counter by its definition in §20.4.7, hand-computed for each draw below;
  the clipper runs (CInvocations/CPrimitives count) whether or not a pixel shader or depth buffer is bound,
  and a NULL pixel shader never increments PSInvocations.
"""

from __future__ import annotations

import context_testkit as kit
import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile

# --- stream-output statistics per query type (context counters, no draw needed) --------------------------------

WRITTEN = (3, 5, 7, 11)  # primitives written per stream 0..3
NEEDED = (3, 6, 7, 13)  # storage needed per stream: streams 1 and 3 overflowed


def _query(dev, kind, cls=None):
    cls = cls or kit.ID3D11Query
    q = cls(dev)
    q._desc = {"Query": kind, "MiscFlags": 0}
    return q


def _bracket(ctx, q, written=WRITTEN, needed=NEEDED):
    ctx.Begin(q)
    for s in range(4):
        ctx._count(f"SO{s}_NumPrimitivesWritten", written[s])
        ctx._count(f"SO{s}_PrimitivesStorageNeeded", needed[s])
    ctx.End(q)
    return ctx.GetData(q)


# (query type, stream whose counters it reports) — D3D11_QUERY enum values from d3d11.h
SO_STATISTICS_TABLE = [(6, 0), (8, 0), (10, 1), (12, 2), (14, 3)]


@pytest.mark.parametrize("kind, stream", SO_STATISTICS_TABLE)
def test_so_statistics_report_one_stream(kind, stream):
    dev, ctx = kit.make()
    r = _bracket(ctx, _query(dev, kind))
    assert (r.NumPrimitivesWritten, r.PrimitivesStorageNeeded) == (WRITTEN[stream], NEEDED[stream])


# (query type, streams it watches)
SO_OVERFLOW_TABLE = [(7, (0, 1, 2, 3)), (9, (0,)), (11, (1,)), (13, (2,)), (15, (3,))]


@pytest.mark.parametrize("kind, streams", SO_OVERFLOW_TABLE)
@pytest.mark.parametrize("overflowing", [(), (0,), (1,), (3,), (0, 2)])
def test_so_overflow_predicate_watches_its_streams(kind, streams, overflowing):
    dev, ctx = kit.make()
    needed = tuple(WRITTEN[s] + (1 if s in overflowing else 0) for s in range(4))
    r = _bracket(ctx, _query(dev, kind, kit.ID3D11Predicate), WRITTEN, needed)
    assert r is bool(set(streams) & set(overflowing))


# --- pipeline statistics of real draws (§20.4.7) ---------------------------------------------------------------

VS = """
float4 main(float3 p : POS) : SV_Position { return float4(p, 1); }
"""
PS = "float4 main() : SV_Target { return 1; }"
GS = """
struct V { float4 p : SV_Position; };
[maxvertexcount(6)]
void main(triangle V v[3], inout TriangleStream<V> s) {
    s.Append(v[0]); s.Append(v[1]); s.Append(v[2]); s.RestartStrip();
    V w[3] = v; w[0].p.z = -1; w[1].p.z = -1; w[2].p.z = -1;  // a copy behind the near plane
    s.Append(w[0]); s.Append(w[1]); s.Append(w[2]);
}
"""
CS = "[numthreads(3, 4, 5)] void main() {}"


def _compile(src, target):
    return D3DCompile(src, None, None, None, None, "main", target, 0, 0)


def _pipeline(dev, ctx, verts, topology, ps=True, dsv=False, gs=False, rtv=True):
    vs = _compile(VS, "vs_4_0")
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.PSSetShader(dev.CreatePixelShader(_compile(PS, "ps_4_0"), None) if ps else None)
    ctx.GSSetShader(dev.CreateGeometryShader(_compile(GS, "gs_4_0"), None) if gs else None)
    el = D3D11_INPUT_ELEMENT_DESC(SemanticName="POS", SemanticIndex=0, Format=6, InputSlot=0,  # noqa: F405
                                  AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0)
    ctx.IASetInputLayout(dev.CreateInputLayout([el], 1, vs))
    data = np.ascontiguousarray(verts, np.float32)
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=1),  # noqa: F405
                          D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))  # noqa: F405
    ctx.IASetVertexBuffers(0, 1, [vb], [12], [0])
    ctx.IASetPrimitiveTopology(topology)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(FillMode=3, CullMode=1,  # noqa: F405
                                                                   DepthClipEnable=True)))

    def tex(fmt, bind):
        return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,  # noqa: F405
                                                        Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
                                                        BindFlags=bind))
    rt = dev.CreateRenderTargetView(tex(28, 0x20)) if rtv else None
    ds = dev.CreateDepthStencilView(tex(40, 0x40)) if dsv else None
    ctx.OMSetRenderTargets(1 if rt else 0, [rt] if rt else None, ds)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=4, Height=4, MinDepth=0, MaxDepth=1)])  # noqa: F405


def _stats(dev, ctx, work):
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_PIPELINE_STATISTICS))  # noqa: F405
    ctx.Begin(q)
    work()
    ctx.End(q)
    s = ctx.GetData(q)
    return {k: int(getattr(s, k)) for k in ("IAVertices", "IAPrimitives", "VSInvocations", "HSInvocations",
                                            "DSInvocations", "GSInvocations", "GSPrimitives", "CInvocations",
                                            "CPrimitives", "PSInvocations", "CSInvocations")}


FULL = [[-1, -1, 0.5], [-1, 3, 0.5], [3, -1, 0.5]]  # one triangle covering the 4x4 target
OUTSIDE = [[-1, -1, -1], [-1, 3, -1], [3, -1, -1]]  # wholly in front of the near plane (z < 0)
QUAD_STRIP = [[-1, -1, 0.5], [-1, 1, 0.5], [1, -1, 0.5], [1, 1, 0.5]]  # two triangles covering the target
ZERO = dict(IAVertices=0, IAPrimitives=0, VSInvocations=0, HSInvocations=0, DSInvocations=0, GSInvocations=0,
            GSPrimitives=0, CInvocations=0, CPrimitives=0, PSInvocations=0, CSInvocations=0)

# (name, vertices, topology, pipeline options, counters other than 0) — counts worked out from §20.4.7:
# IAVertices = vertices the IA read; IAPrimitives = primitives assembled; CInvocations = primitives sent to
# the clipper; CPrimitives = primitives leaving it (0 when wholly clipped); PSInvocations = pixels shaded
# (16 for a 4x4 target fully covered, 0 with a NULL pixel shader).
STATS_TABLE = [
    ("full, ps", FULL, 4, {}, dict(IAVertices=3, IAPrimitives=1, VSInvocations=3, CInvocations=1, CPrimitives=1,
                                   PSInvocations=16)),
    ("full, no ps, no depth", FULL, 4, dict(ps=False),
     dict(IAVertices=3, IAPrimitives=1, VSInvocations=3, CInvocations=1, CPrimitives=1)),
    ("full, no ps, depth", FULL, 4, dict(ps=False, dsv=True, rtv=False),
     dict(IAVertices=3, IAPrimitives=1, VSInvocations=3, CInvocations=1, CPrimitives=1)),
    ("outside", OUTSIDE, 4, {}, dict(IAVertices=3, IAPrimitives=1, VSInvocations=3, CInvocations=1)),
    ("outside, no ps", OUTSIDE, 4, dict(ps=False), dict(IAVertices=3, IAPrimitives=1, VSInvocations=3,
                                                        CInvocations=1)),
    ("strip", QUAD_STRIP, 5, {}, dict(IAVertices=4, IAPrimitives=2, VSInvocations=4, CInvocations=2,
                                      CPrimitives=2, PSInvocations=16)),
    ("list of 2 points", [[-0.75, 0.75, 0.5], [0.25, -0.25, 0.5]], 1, dict(ps=False),
     dict(IAVertices=2, IAPrimitives=2, VSInvocations=2, CInvocations=2, CPrimitives=2)),
    ("line list", [[-1, 0.1, 0.5], [1, 0.1, 0.5]], 2, {}, dict(IAVertices=2, IAPrimitives=1, VSInvocations=2,
                                                     CInvocations=1, CPrimitives=1, PSInvocations=4)),
    # the GS emits the triangle and a copy behind the near plane: the clipper sees both, keeps one
    ("gs", FULL, 4, dict(gs=True), dict(IAVertices=3, IAPrimitives=1, VSInvocations=3, GSInvocations=1,
                                        GSPrimitives=2, CInvocations=2, CPrimitives=1, PSInvocations=16)),
    ("gs, no ps", FULL, 4, dict(gs=True, ps=False), dict(IAVertices=3, IAPrimitives=1, VSInvocations=3,
                                                         GSInvocations=1, GSPrimitives=2, CInvocations=2,
                                                         CPrimitives=1)),
]


@pytest.mark.parametrize("name, verts, topology, opts, counts", STATS_TABLE, ids=[r[0] for r in STATS_TABLE])
def test_pipeline_statistics_per_counter(name, verts, topology, opts, counts):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    _pipeline(dev, ctx, verts, topology, **opts)
    got = _stats(dev, ctx, lambda: ctx.Draw(len(verts), 0))
    assert got == {**ZERO, **counts}


def test_pipeline_statistics_count_compute_threads():
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    ctx.CSSetShader(dev.CreateComputeShader(_compile(CS, "cs_5_0"), None))
    got = _stats(dev, ctx, lambda: ctx.Dispatch(2, 1, 1))
    assert got == {**ZERO, "CSInvocations": 3 * 4 * 5 * 2}  # the spec's own example


def test_pipeline_statistics_accumulate_over_draws():
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    _pipeline(dev, ctx, FULL, 4, ps=False)
    got = _stats(dev, ctx, lambda: (ctx.Draw(3, 0), ctx.DrawInstanced(3, 2, 0, 0)))
    assert got == {**ZERO, **dict(IAVertices=9, IAPrimitives=3, VSInvocations=9, CInvocations=3, CPrimitives=3)}


def test_guard_band_range_for_a_triangle_beside_the_viewport():
    """§20.4.7 lets CPrimitives fall between an infinite guard band (1) and tight clipping (0) for a triangle
    wholly beside the viewport; CInvocations is 1 either way."""
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    beside = [[2, 2, 0.5], [2, 3, 0.5], [3, 2, 0.5]]
    _pipeline(dev, ctx, beside, 4)
    got = _stats(dev, ctx, lambda: ctx.Draw(3, 0))
    assert got["CInvocations"] == 1 and got["CPrimitives"] in (0, 1) and got["PSInvocations"] == 0


TESS_VS = "float3 main(float3 p : POS) : P { return p; }"
TESS_HS = """
struct CP { float3 p : P; };
struct PC { float e[{n_edges}] : SV_TessFactor; {inside_decl} };
PC pc(InputPatch<CP, {n}> ip) {
    PC o;
    [unroll] for (int i = 0; i < {n_edges}; ++i) o.e[i] = 1;
    {inside_set}
    return o;
}
[domain("{domain}")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints({n})]
[patchconstantfunc("pc")]
CP main(InputPatch<CP, {n}> ip, uint i : SV_OutputControlPointID) { return ip[i]; }
"""
TESS_DS = """
struct CP { float3 p : P; };
struct PC { float e[{n_edges}] : SV_TessFactor; {inside_decl} };
[domain("{domain}")] float4 main(PC pc, {loc} loc : SV_DomainLocation, const OutputPatch<CP, {n}> cp)
    : SV_Position { return float4({pos}, 0.5, 1); }
"""
TESS = {
    # (patch control points, edge factors, inside declaration, inside set, location type, position)
    "tri": (3, 3, "float i : SV_InsideTessFactor;", "o.i = 1;", "float3",
            "cp[0].p.xy * loc.x + cp[1].p.xy * loc.y + cp[2].p.xy * loc.z"),
    "quad": (4, 4, "float i[2] : SV_InsideTessFactor;", "o.i[0] = o.i[1] = 1;", "float2", "loc * 2 - 1"),
}


@pytest.mark.parametrize("domain, patches, counts", [
    # factor-1 tri patch: 3 domain points, 1 triangle; factor-1 quad patch: 4 points, 2 triangles (§11.7)
    ("tri", 1, dict(DSInvocations=3, CInvocations=1, CPrimitives=1)),
    ("tri", 2, dict(DSInvocations=6, CInvocations=2, CPrimitives=2)),
    ("quad", 1, dict(DSInvocations=4, CInvocations=2, CPrimitives=2)),
])
def test_pipeline_statistics_of_a_tessellated_draw(domain, patches, counts):
    n, edges, inside_decl, inside_set, loc, pos = TESS[domain]
    fill = dict(n=n, n_edges=edges, inside_decl=inside_decl, inside_set=inside_set, domain=domain, loc=loc, pos=pos)
    hs_src, ds_src = TESS_HS, TESS_DS
    for k, v in fill.items():
        hs_src, ds_src = hs_src.replace("{" + k + "}", str(v)), ds_src.replace("{" + k + "}", str(v))
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    verts = [[-1, -1, 0], [-1, 1, 0], [1, -1, 0], [1, 1, 0]][:n] * patches
    _pipeline(dev, ctx, verts, 32 + n, ps=False)  # D3D11_PRIMITIVE_TOPOLOGY_n_CONTROL_POINT_PATCHLIST
    vs = _compile(TESS_VS, "vs_5_0")
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.HSSetShader(dev.CreateHullShader(_compile(hs_src, "hs_5_0"), None))
    ctx.DSSetShader(dev.CreateDomainShader(_compile(ds_src, "ds_5_0"), None))
    got = _stats(dev, ctx, lambda: ctx.Draw(n * patches, 0))
    want = dict(IAVertices=n * patches, IAPrimitives=patches, VSInvocations=n * patches, HSInvocations=patches,
                **counts)
    assert got == {**ZERO, **want}


def test_no_rasterized_stream_keeps_the_clipper_idle():
    """§20.4.7: with rasterization disabled and only stream output, CInvocations does not increment."""
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    _pipeline(dev, ctx, FULL, 4)
    vs = _compile(VS, "vs_4_0")
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="SV_Position", SemanticIndex=0,  # noqa: F405
                                       StartComponent=0, ComponentCount=4, OutputSlot=0)]
    ctx.GSSetShader(dev.CreateGeometryShaderWithStreamOutput(vs, None, decl, 1, [16], 1, 0xFFFFFFFF, None))
    so = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=256, BindFlags=0x10))  # noqa: F405
    ctx.SOSetTargets(1, [so], [0])
    got = _stats(dev, ctx, lambda: ctx.Draw(3, 0))
    assert got == {**ZERO, **dict(IAVertices=3, IAPrimitives=1, VSInvocations=3)}


def test_gs_instances_count_as_invocations():
    """§20.4.7 GSInvocations counts GS executions: an [instance(3)] GS runs three times per primitive."""
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    _pipeline(dev, ctx, FULL * 2, 4, ps=False)
    gs = """
    struct V { float4 p : SV_Position; };
    [instance(3)] [maxvertexcount(3)]
    void main(triangle V v[3], uint i : SV_GSInstanceID, inout TriangleStream<V> s) {
        if (i == 1) { s.Append(v[0]); s.Append(v[1]); s.Append(v[2]); } }"""
    ctx.GSSetShader(dev.CreateGeometryShader(_compile(gs, "gs_5_0"), None))
    got = _stats(dev, ctx, lambda: ctx.Draw(6, 0))
    # 2 primitives x 3 instances; only instance 1 emits a triangle per primitive
    assert got == {**ZERO, **dict(IAVertices=6, IAPrimitives=2, VSInvocations=6, GSInvocations=6, GSPrimitives=2,
                                  CInvocations=2, CPrimitives=2)}
