"""Whole-pipeline differential fuzzer (issue 12): random programs and random pipeline states, run through
the public D3D11 API once on the reference backend and once on the native backend; every output byte
must agree.

A case (:func:`make_case`, fully determined by its seed) is either

* a **draw**: a random vertex shader, sometimes a geometry shader (every input primitive including adjacency,
  point/line/triangle strips out, emit/cut/emitThenCut, maxout, instancing; the draws' topology then
  follows its input primitive), and a pixel shader (tools/program_gen.py: ALU of every type, doubles,
  flow control, indexable temps, textures on both stages, derivatives/discard in the PS), random
  textures (formats, mips, 2D/array/cube/3D, a comparison texture) and samplers, 1–3 render targets of
  random formats (sometimes 4× MSAA), an optional depth-stencil target, random blend, depth-stencil and
  rasterizer states (fill, cull, winding, depth bias, clip, scissor), viewport, topology (point, line
  and triangle lists and strips; sometimes indexed), blend factor, sample mask and stencil reference,
  instancing (a per-instance attribute), sometimes stream output of the vertex shader's outputs (random
  declarations, rasterized or not), under an occlusion and a pipeline-statistics query, one or two draws;
  compared: every render target, the depth-stencil target, the stream-output buffer and every query result;
* a **dispatch**: a random compute shader (raw/structured UAV loads and stores, atomics, append/consume
  counters, groupshared memory with barriers, textures, doubles) over random thread groups; compared:
  every UAV's bytes and the hidden counter.

A case in which the native backend sent a shader to the reference executor (``shader.native.stats
.fallbacks`` moved) is counted as ``fallback``, not as compared; the reasons are tallied. Draws the fused
lane did not take (``pipeline.native.stats``) still run native shaders and are compared; their reasons are
tallied too. A case the reference itself refuses (``NotSupportedError``) is ``unsupported``.

    python -m pyd3d11.tools.pipeline_fuzz --cases 2000 [--seed S] [--kind draw|dispatch|all] [-v]

Exit status 1 when any case differs. Differences where both sides hold NaNs of different payload are
``nanbits`` (D3D11 leaves NaN payloads open), not failures.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import d3d11 as D
from ..api.cargs import FENCED
from ..errors import NotSupportedError
from ..formats.table import is_compressed
from ..pipeline.native import stats as fused_stats
from ..shader import native
from ..shader.dxbc.asm import assemble_shader
from ..shader.native import pool, runtime
from .program_gen import GS_INPUTS, random_gs_shape, random_program

RT_FORMATS = (28, 29, 87, 2, 10, 24, 26, 41, 34, 31, 30, 3, 4, 85, 86, 11, 13, 61, 49, 56, 57)
DS_FORMATS = (45, 40, 55, 20)
TEX_FORMATS = (28, 29, 87, 2, 10, 24, 26, 34, 37, 61, 67, 85, 71, 74, 77, 98, 11, 13)
CMP_FORMATS = (41, 56)
FILTERS = (0x0, 0x1, 0x4, 0x5, 0x10, 0x11, 0x14, 0x15, 0x55)  # MINIMUM_/MAXIMUM_ need MinMaxFiltering (11.2)
CMP_FILTERS = (0x80, 0x81, 0x84, 0x85, 0x90, 0x91, 0x94, 0x95, 0xD5)
BLEND_FACTORS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19)
ALPHA_FACTORS = (1, 2, 5, 6, 7, 8, 11, 14, 15, 18, 19)
TOPOLOGIES = {1: 1, 2: 2, 3: 2, 4: 3, 5: 3}  # topology → vertices per primitive (lists); strips any


@dataclass
class Case:
    """Everything one fuzz case needs, as plain data (fully determined by ``seed``)."""

    seed: int
    kind: str  # 'draw' | 'dispatch'
    programs: dict = field(default_factory=dict)  # stage → assembly text
    state: dict = field(default_factory=dict)
    data: dict = field(default_factory=dict)  # name → numpy array


def _bits(rng: np.random.Generator, n: int) -> np.ndarray:
    """Random bytes; half the time with every byte masked to 0x3F (float32/16 words of modest size)."""
    b = rng.integers(0, 256, n, dtype=np.uint8)
    return b & np.uint8(0x3F) if rng.random() < 0.5 else b


def _cb(rng: np.random.Generator) -> np.ndarray:
    """cb0[16]: a mix of small floats, small integers and special words."""
    f = rng.uniform(-4, 4, 64).astype(np.float32).view(np.uint32)
    i = rng.choice(np.array([0, 1, 2, 3, 5, 7, 31, 32, 0xFFFFFFFF, 0x80000000, 0x7F800000, 0x7FC00000], np.uint32), 64)
    return np.where(rng.random(64) < 0.6, f, i).astype(np.uint32)


def _sampler(rng: np.random.Generator, compare: bool) -> dict:
    return dict(Filter=int(rng.choice(CMP_FILTERS if compare else FILTERS)),
                AddressU=int(rng.integers(1, 6)), AddressV=int(rng.integers(1, 6)), AddressW=int(rng.integers(1, 6)),
                MipLODBias=float(rng.choice([0.0, 0.0, 0.5, -1.25, 2.0])), MaxAnisotropy=int(rng.integers(1, 17)),
                ComparisonFunc=int(rng.integers(1, 9)), BorderColor=[float(x) for x in rng.choice([0, 1, 0.5, -2], 4)],
                MinLOD=float(rng.choice([0.0, 0.0, 0.5, 1.0, -1e9])), MaxLOD=float(rng.choice([3.4e38, 3.4e38, 0.0, 2.5])))


def _textures(rng: np.random.Generator) -> dict:
    """Resource descriptions for t4..t8 (program_gen.TEXTURES)."""
    fmt = int(rng.choice(TEX_FORMATS))
    bc = is_compressed(fmt)  # block-compressed: the top level in whole 4x4 blocks
    w, h = int(rng.choice([4, 8, 16] if bc else [4, 8, 13, 16])), int(rng.choice([4, 8, 16] if bc else [4, 8, 16, 7]))
    return {"t4": dict(fmt=fmt, w=w, h=h, mips=0, arr=1),
            "t5": dict(fmt=int(rng.choice(CMP_FORMATS)), w=8, h=8, mips=0, arr=1),
            "t6": dict(fmt=int(rng.choice((28, 10, 2))), w=8, h=4, mips=2, arr=3),
            "t7": dict(fmt=int(rng.choice((28, 10, 87))), w=4, h=4, mips=0, arr=6, cube=True),
            "t8": dict(fmt=int(rng.choice((28, 10, 24))), w=4, h=4, d=4, mips=0)}


def _vertices(rng: np.random.Generator, n: int) -> np.ndarray:
    pos = np.empty((n, 4))
    pos[:, :2] = rng.uniform(-1.3, 1.3, (n, 2))
    pos[:, 2] = rng.uniform(-0.1, 1.1, n)
    pos[:, 3] = 1.0
    w = np.where(rng.random(n) < 0.3, rng.uniform(0.4, 2.5, n), 1.0)
    w = np.where(rng.random(n) < 0.03, -w, w)  # a few vertices behind the eye: clipping
    pos *= w[:, None]
    attr = rng.uniform(-2, 2, (n, 12))
    special = rng.random((n, 12)) < 0.04
    attr[special] = rng.choice([0.0, -0.0, 1.0, 1e30, -1e-39, np.nan, np.inf], int(special.sum()))
    return np.concatenate([pos, attr], 1).astype(np.float32)


def make_case(seed: int, kind: str = "all", n_ops: int = 20) -> Case:
    """The case of ``seed`` ('all': draws three times in four, dispatches otherwise)."""
    rng = np.random.default_rng([0xF2, seed])
    if kind == "all":
        kind = "dispatch" if rng.random() < 0.25 else "draw"
    case = Case(seed, kind)
    # doubles are rarer in compute cases: until session 7 the native backend ran such kernels on the
    # reference (counted fallbacks); the rate is kept so that the seeded cases stay the same
    textures = rng.random() < 0.7
    doubles = rng.random() < (0.5 if kind == "draw" else 0.15)
    st = case.state
    st["textures"] = _textures(rng) if textures else {}
    st["samplers"] = [_sampler(rng, False), _sampler(rng, True)]
    case.data["cb"] = _cb(rng)
    for name in st["textures"]:
        case.data[name] = rng.integers(0, 2**63, 1)  # a seed for the texel bytes (sizes depend on the format)
    if kind == "dispatch":
        case.programs["cs"] = random_program(rng, "cs", n_ops, textures=textures, doubles=doubles)
        st["groups"] = (int(rng.integers(1, 4)), int(rng.integers(1, 3)), 1)
        case.data["u0"] = _bits(rng, 4096)
        case.data["u1"] = _bits(rng, 12 * 64)
        case.data["u2"] = _bits(rng, 256)
        case.data["t0"] = _bits(rng, 256)
        st["counter"] = int(rng.choice([0, 3, 17, 64]))
        return case
    n_rt = int(rng.choice([1, 1, 1, 2, 3]))
    case.programs["vs"] = random_program(rng, "vs", n_ops // 2, textures=textures and rng.random() < 0.5,
                                         doubles=doubles)
    case.programs["ps"] = random_program(rng, "ps", n_ops, outputs=n_rt, textures=textures, doubles=doubles)
    st["size"] = (int(rng.integers(8, 48)), int(rng.integers(8, 40)))
    st["samples"] = 4 if rng.random() < 0.12 else 1
    st["rt"] = [int(rng.choice(RT_FORMATS)) for _ in range(n_rt)]
    st["ds"] = int(rng.choice(DS_FORMATS)) if rng.random() < 0.6 else None
    # stream output of the vertex shader's outputs (a GS-less SO shader made from the VS bytecode)
    st["so"] = None
    if rng.random() < 0.15:
        entries = []
        for r in rng.choice(4, int(rng.integers(1, 4)), replace=False):  # distinct outputs: no overlap
            c = int(rng.integers(0, 4))
            entries.append((int(r), c, int(rng.integers(1, 5 - c))))
        st["so"] = dict(entries=entries, rasterized=int(rng.choice([0, 0, 0xFFFFFFFF])),
                        size=int(rng.choice([64, 256, 1024])))
    st["draws"] = []
    for _ in range(int(rng.choice([1, 1, 2]))):
        topo = int(rng.choice([1, 2, 3, 4, 4, 4, 5, 5]))
        n = int(rng.integers(3, 40))
        d = dict(topology=topo, count=n, indexed=bool(rng.random() < 0.3), blend=_blend(rng, n_rt),
                 instances=int(rng.choice([1, 1, 1, 2, 3])), start_instance=int(rng.integers(0, 2)),
                 blend_factor=[float(x) for x in rng.uniform(-0.2, 1.2, 4)],
                 sample_mask=int(rng.choice([0xFFFFFFFF, 0xFFFFFFFF, 0x5, 0xE])),
                 depth=_depth(rng), stencil_ref=int(rng.integers(0, 256)), raster=_raster(rng),
                 viewport=_viewport(rng, *st["size"]),
                 scissor=[int(v) for v in rng.integers(-4, 48, 4)])
        st["draws"].append(d)
        case.data[f"vb{len(st['draws'])}"] = _vertices(rng, n)
        case.data[f"ib{len(st['draws'])}"] = rng.integers(0, n + 2, n).astype(np.uint16)
        case.data[f"inst{len(st['draws'])}"] = rng.uniform(-1, 1, (5, 4)).astype(np.float32)  # per-instance v3
    case.data["targets"] = rng.integers(0, 2**63, 1)
    # a geometry shader (session 8), from its own stream so the seeded cases without one stay the same: the
    # draws' topologies then follow its input primitive (adjacency included)
    grng = np.random.default_rng([0xF3, seed])
    if st["so"] is None and grng.random() < 0.2:
        shape = random_gs_shape(grng)
        case.programs["gs"] = random_program(grng, "gs", n_ops // 2, textures=textures and grng.random() < 0.5,
                                             doubles=doubles, gs=shape)
        accepts = GS_INPUTS[shape["prim"]][1]
        for d in st["draws"]:
            d["topology"] = int(grng.choice(accepts))
    return case


def _blend(rng: np.random.Generator, n_rt: int) -> dict:
    rts = []
    for _ in range(n_rt):
        if rng.random() < 0.35:
            rts.append(dict(RenderTargetWriteMask=int(rng.integers(0, 16))))
            continue
        rts.append(dict(BlendEnable=True, SrcBlend=int(rng.choice(BLEND_FACTORS)),
                        DestBlend=int(rng.choice(BLEND_FACTORS)), BlendOp=int(rng.integers(1, 6)),
                        SrcBlendAlpha=int(rng.choice(ALPHA_FACTORS)), DestBlendAlpha=int(rng.choice(ALPHA_FACTORS)),
                        BlendOpAlpha=int(rng.integers(1, 6)), RenderTargetWriteMask=int(rng.integers(1, 16))))
    return dict(AlphaToCoverageEnable=bool(rng.random() < 0.1), IndependentBlendEnable=bool(rng.random() < 0.7),
                rts=rts)


def _depth(rng: np.random.Generator) -> dict:
    def face() -> dict:
        return dict(StencilFailOp=int(rng.integers(1, 9)), StencilDepthFailOp=int(rng.integers(1, 9)),
                    StencilPassOp=int(rng.integers(1, 9)), StencilFunc=int(rng.integers(1, 9)))

    return dict(DepthEnable=bool(rng.random() < 0.7), DepthWriteMask=int(rng.integers(0, 2)),
                DepthFunc=int(rng.integers(1, 9)), StencilEnable=bool(rng.random() < 0.4),
                StencilReadMask=int(rng.choice([0xFF, 0x0F, 0x81])), StencilWriteMask=int(rng.choice([0xFF, 0xF0, 0x3])),
                FrontFace=face(), BackFace=face())


def _raster(rng: np.random.Generator) -> dict:
    return dict(FillMode=int(rng.choice([3, 3, 3, 2])), CullMode=int(rng.integers(1, 4)),
                FrontCounterClockwise=bool(rng.random() < 0.5), DepthBias=int(rng.choice([0, 0, 3, -1000, 100000])),
                DepthBiasClamp=float(rng.choice([0.0, 0.0, 0.001, -0.01])),
                SlopeScaledDepthBias=float(rng.choice([0.0, 0.0, 1.5, -0.5])), DepthClipEnable=bool(rng.random() < 0.8),
                ScissorEnable=bool(rng.random() < 0.25), MultisampleEnable=bool(rng.random() < 0.5),
                AntialiasedLineEnable=bool(rng.random() < 0.2))


def _viewport(rng: np.random.Generator, w: int, h: int) -> list:
    if rng.random() < 0.5:
        return [0.0, 0.0, float(w), float(h), 0.0, 1.0]
    x, y = rng.uniform(-w / 4, w / 4), rng.uniform(-h / 4, h / 4)
    z0 = float(rng.choice([0.0, 0.25]))
    return [float(x), float(y), float(rng.uniform(w / 2, 1.3 * w)), float(rng.uniform(h / 2, 1.3 * h)), z0,
            float(rng.choice([1.0, 0.75, z0]))]


# ---- running a case through the public API ----------------------------------------------------------------

def _texture(dev: Any, spec: dict, seed: int) -> tuple[Any, Any]:
    rng = np.random.default_rng(seed)
    common = dict(Format=spec["fmt"], MipLevels=spec["mips"], BindFlags=D.D3D11_BIND_SHADER_RESOURCE)
    if "d" in spec:
        tex = dev.CreateTexture3D(D.D3D11_TEXTURE3D_DESC(Width=spec["w"], Height=spec["h"], Depth=spec["d"], **common))
        srv = dev.CreateShaderResourceView(tex, None)
    else:
        cube = spec.get("cube", False)
        tex = dev.CreateTexture2D(D.D3D11_TEXTURE2D_DESC(
            Width=spec["w"], Height=spec["h"], ArraySize=spec["arr"], SampleDesc=D.DXGI_SAMPLE_DESC(Count=1),
            MiscFlags=D.D3D11_RESOURCE_MISC_TEXTURECUBE if cube else 0, **common))
        desc = None
        if cube:
            desc = D.D3D11_SHADER_RESOURCE_VIEW_DESC(Format=spec["fmt"], ViewDimension=D.D3D11_SRV_DIMENSION_TEXTURECUBE)
            desc.TextureCube.MipLevels = 0xFFFFFFFF
        elif spec["arr"] > 1:
            desc = D.D3D11_SHADER_RESOURCE_VIEW_DESC(Format=spec["fmt"],
                                                     ViewDimension=D.D3D11_SRV_DIMENSION_TEXTURE2DARRAY)
            desc.Texture2DArray.MipLevels = 0xFFFFFFFF
            desc.Texture2DArray.ArraySize = spec["arr"]
        srv = dev.CreateShaderResourceView(tex, desc)
    data = tex._storage.data
    data[...] = _bits(rng, data.size).reshape(data.shape)
    return tex, srv


def _sampler_state(dev: Any, d: dict) -> Any:
    return dev.CreateSamplerState(D.D3D11_SAMPLER_DESC(**d))


def _buffer(dev: Any, data: np.ndarray, bind: int, misc: int = 0, stride: int = 0) -> Any:
    return dev.CreateBuffer(D.D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=bind, MiscFlags=misc,
                                                StructureByteStride=stride),
                            D.D3D11_SUBRESOURCE_DATA(pSysMem=np.ascontiguousarray(data)))


def run_case(case: Case) -> dict[str, bytes]:
    """Every output of ``case`` on the backend selected now: name → bytes."""
    dev, _, ctx = D.D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    st = case.state
    out: dict[str, bytes] = {}
    keep = []
    srvs = [None] * 9
    for name, spec in st["textures"].items():
        tex, srv = _texture(dev, spec, int(case.data[name][0]))
        keep.append(tex)
        srvs[int(name[1:])] = srv
    samplers = [_sampler_state(dev, d) for d in st["samplers"]]
    cb = _buffer(dev, case.data["cb"], D.D3D11_BIND_CONSTANT_BUFFER)
    if case.kind == "dispatch":
        return _run_dispatch(case, dev, ctx, srvs, samplers, cb)
    vs_code = assemble_shader(case.programs["vs"])
    ps_code = assemble_shader(case.programs["ps"])
    vs = dev.CreateVertexShader(vs_code, len(vs_code), None)
    ps = dev.CreatePixelShader(ps_code, len(ps_code), None)
    # TEXCOORD0..2 per vertex from slot 0; TEXCOORD3 per instance (step rate 1) from slot 1
    elems = [D.D3D11_INPUT_ELEMENT_DESC("TEXCOORD", i, D.DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16 * i, 0, 0)
             for i in range(3)]
    elems.append(D.D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 3, D.DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 0,
                                            D.D3D11_INPUT_PER_INSTANCE_DATA, 1))
    layout = dev.CreateInputLayout(elems, 4, vs_code, len(vs_code))
    w, h = st["size"]
    trng = np.random.default_rng(int(case.data["targets"][0]))
    sd = D.DXGI_SAMPLE_DESC(Count=st["samples"])
    rts, rtvs = [], []
    for fmt in st["rt"]:
        t = dev.CreateTexture2D(D.D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt,
                                                       SampleDesc=sd, BindFlags=D.D3D11_BIND_RENDER_TARGET))
        t._storage.data[...] = trng.integers(0, 256, t._storage.data.shape, dtype=np.uint8)
        rts.append(t)
        rtvs.append(dev.CreateRenderTargetView(t, None))
    ds = dsv = None
    if st["ds"] is not None:
        ds = dev.CreateTexture2D(D.D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1, Format=st["ds"],
                                                        SampleDesc=sd, BindFlags=D.D3D11_BIND_DEPTH_STENCIL))
        dsv = dev.CreateDepthStencilView(ds, None)
        ctx.ClearDepthStencilView(dsv, 3, float(trng.uniform(0.3, 1.0)), int(trng.integers(0, 256)))
    ctx.IASetInputLayout(layout)
    ctx.VSSetShader(vs, None, 0)
    ctx.PSSetShader(ps, None, 0)
    if "gs" in case.programs:
        gs_code = assemble_shader(case.programs["gs"])
        ctx.GSSetShader(dev.CreateGeometryShader(gs_code, len(gs_code), None), None, 0)
    for set_cb, set_srv, set_smp in ((ctx.VSSetConstantBuffers, ctx.VSSetShaderResources, ctx.VSSetSamplers),
                                     (ctx.GSSetConstantBuffers, ctx.GSSetShaderResources, ctx.GSSetSamplers),
                                     (ctx.PSSetConstantBuffers, ctx.PSSetShaderResources, ctx.PSSetSamplers)):
        set_cb(0, 1, [cb])
        set_srv(0, 9, srvs)
        set_smp(0, 2, samplers)
    ctx.OMSetRenderTargets(len(rtvs), rtvs, dsv)
    so_buf = so_q = None
    if st["so"] is not None:
        names = ["SV_Position", "TEXCOORD", "TEXCOORD", "TEXCOORD"]
        decl = [D.D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName=names[r], SemanticIndex=max(0, r - 1),
                                             StartComponent=c, ComponentCount=n, OutputSlot=0)
                for r, c, n in st["so"]["entries"]]
        stride = 4 * sum(n for _, _, n in st["so"]["entries"])
        gs = dev.CreateGeometryShaderWithStreamOutput(vs_code, len(vs_code), decl, len(decl), [stride], 1,
                                                      st["so"]["rasterized"])
        ctx.GSSetShader(gs, None, 0)
        so_buf = dev.CreateBuffer(D.D3D11_BUFFER_DESC(ByteWidth=st["so"]["size"], BindFlags=D.D3D11_BIND_STREAM_OUTPUT))
        so_buf._storage.data[...] = 0xA5
        ctx.SOSetTargets(1, [so_buf], [0])
        so_q = dev.CreateQuery(D.D3D11_QUERY_DESC(Query=D.D3D11_QUERY_SO_STATISTICS))
        ctx.Begin(so_q)
    occ = dev.CreateQuery(D.D3D11_QUERY_DESC(Query=D.D3D11_QUERY_OCCLUSION))
    stats = dev.CreateQuery(D.D3D11_QUERY_DESC(Query=D.D3D11_QUERY_PIPELINE_STATISTICS))
    ctx.Begin(occ)
    ctx.Begin(stats)
    for k, d in enumerate(st["draws"], 1):
        vb = _buffer(dev, case.data[f"vb{k}"], D.D3D11_BIND_VERTEX_BUFFER)
        ib_inst = _buffer(dev, case.data[f"inst{k}"], D.D3D11_BIND_VERTEX_BUFFER)
        ctx.IASetVertexBuffers(0, 2, [vb, ib_inst], [64, 16], [0, 0])
        ctx.IASetPrimitiveTopology(d["topology"])
        bd = D.D3D11_BLEND_DESC(AlphaToCoverageEnable=d["blend"]["AlphaToCoverageEnable"],
                                IndependentBlendEnable=d["blend"]["IndependentBlendEnable"])
        for i, rt in enumerate(d["blend"]["rts"]):
            for key, v in rt.items():
                setattr(bd.RenderTarget[i], key, v)
        ctx.OMSetBlendState(dev.CreateBlendState(bd), d["blend_factor"], d["sample_mask"])
        dd = dict(d["depth"])
        front, back = dd.pop("FrontFace"), dd.pop("BackFace")
        dsd = D.D3D11_DEPTH_STENCIL_DESC(**dd, FrontFace=D.D3D11_DEPTH_STENCILOP_DESC(**front),
                                         BackFace=D.D3D11_DEPTH_STENCILOP_DESC(**back))
        ctx.OMSetDepthStencilState(dev.CreateDepthStencilState(dsd), d["stencil_ref"])
        ctx.RSSetState(dev.CreateRasterizerState(D.D3D11_RASTERIZER_DESC(**d["raster"])))
        ctx.RSSetViewports(1, [D.D3D11_VIEWPORT(*d["viewport"])])
        x0, y0, x1, y1 = d["scissor"]
        ctx.RSSetScissorRects(1, [D.D3D11_RECT(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))])
        if d["indexed"]:
            ib = _buffer(dev, case.data[f"ib{k}"], D.D3D11_BIND_INDEX_BUFFER)
            ctx.IASetIndexBuffer(ib, D.DXGI_FORMAT_R16_UINT, 0)
            ctx.DrawIndexedInstanced(d["count"], d["instances"], 0, 0, d["start_instance"])
        else:
            ctx.DrawInstanced(d["count"], d["instances"], 0, d["start_instance"])
    ctx.End(occ)
    ctx.End(stats)
    if so_q is not None:
        ctx.End(so_q)
        out["so"] = so_buf._storage.data.tobytes()
        out["so statistics"] = repr(ctx.GetData(so_q)).encode()
    for i, t in enumerate(rts):
        out[f"rt{i}"] = t._storage.data.tobytes()
    if ds is not None:
        out["ds"] = ds._storage.data.tobytes()
    out["occlusion"] = repr(ctx.GetData(occ)).encode()
    out["statistics"] = repr(ctx.GetData(stats)).encode()
    return out


def _run_dispatch(case: Case, dev: Any, ctx: Any, srvs: list, samplers: list, cb: Any) -> dict[str, bytes]:
    code = assemble_shader(case.programs["cs"])
    cs = dev.CreateComputeShader(code, len(code), None)
    raw = D.D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS
    bind = D.D3D11_BIND_UNORDERED_ACCESS | D.D3D11_BIND_SHADER_RESOURCE
    bufs = {"u0": _buffer(dev, case.data["u0"], bind, raw), "u2": _buffer(dev, case.data["u2"], bind, raw),
            "u1": _buffer(dev, case.data["u1"], bind, D.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 12)}
    t0 = _buffer(dev, case.data["t0"], bind, raw)

    def raw_uav(buf: Any, n: int) -> Any:
        return dev.CreateUnorderedAccessView(buf, D.D3D11_UNORDERED_ACCESS_VIEW_DESC(
            Format=D.DXGI_FORMAT_R32_TYPELESS, ViewDimension=D.D3D11_UAV_DIMENSION_BUFFER,
            Buffer=D.D3D11_BUFFER_UAV(FirstElement=0, NumElements=n // 4, Flags=D.D3D11_BUFFER_UAV_FLAG_RAW)))

    uavs = [raw_uav(bufs["u0"], case.data["u0"].nbytes),
            dev.CreateUnorderedAccessView(bufs["u1"], D.D3D11_UNORDERED_ACCESS_VIEW_DESC(
                Format=0, ViewDimension=D.D3D11_UAV_DIMENSION_BUFFER,
                Buffer=D.D3D11_BUFFER_UAV(FirstElement=0, NumElements=64, Flags=D.D3D11_BUFFER_UAV_FLAG_COUNTER))),
            raw_uav(bufs["u2"], case.data["u2"].nbytes)]
    srvs[0] = dev.CreateShaderResourceView(t0, D.D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=D.DXGI_FORMAT_R32_TYPELESS, ViewDimension=D.D3D11_SRV_DIMENSION_BUFFEREX,
        BufferEx=D.D3D11_BUFFEREX_SRV(FirstElement=0, NumElements=64, Flags=D.D3D11_BUFFEREX_SRV_FLAG_RAW)))
    ctx.CSSetShader(cs, None, 0)
    ctx.CSSetConstantBuffers(0, 1, [cb])
    ctx.CSSetShaderResources(0, 9, srvs)
    ctx.CSSetSamplers(0, 2, samplers)
    ctx.CSSetUnorderedAccessViews(0, 3, uavs, [0xFFFFFFFF, case.state["counter"], 0xFFFFFFFF])
    ctx.Dispatch(*case.state["groups"])
    out = {k: b._storage.data.tobytes() for k, b in bufs.items()}
    out["counter"] = repr(list(uavs[1]._view.counter)).encode()  # the hidden append/consume counter
    return out


# ---- comparing ------------------------------------------------------------------------------------------------

@dataclass
class Tally:
    counts: dict = field(default_factory=dict)  # status → cases
    shader_fallbacks: dict = field(default_factory=dict)  # runtime reason → cases
    fused_fallbacks: dict = field(default_factory=dict)  # fused-lane reason → draws
    fused_draws: int = 0
    native_runs: int = 0
    texture_native: int = 0
    texture_callbacks: int = 0
    failures: list = field(default_factory=list)  # (seed, kind, detail)

    def add(self, status: str) -> None:
        self.counts[status] = self.counts.get(status, 0) + 1

    def summary(self) -> str:
        parts = [" ".join(f"{k}={v}" for k, v in sorted(self.counts.items()))]
        parts.append(f"native shader runs={self.native_runs} fused draws={self.fused_draws} "
                     f"texture ops native={self.texture_native} by callback={self.texture_callbacks}")
        if self.shader_fallbacks:
            parts.append("shader fallbacks: " + "; ".join(f"{k}: {v}" for k, v in sorted(self.shader_fallbacks.items())))
        if self.fused_fallbacks:
            parts.append("fused lane not taken: " + "; ".join(f"{k}: {v}" for k, v in sorted(self.fused_fallbacks.items())))
        return "\n".join(parts)


def _only_nan_bits(a: bytes, b: bytes) -> bool:
    if len(a) != len(b) or len(a) % 4:
        return False
    x, y = np.frombuffer(a, np.uint32), np.frombuffer(b, np.uint32)
    bad = x != y
    nan = lambda v: (v & 0x7F800000) == 0x7F800000  # noqa: E731
    return bool(np.all(nan(x[bad]) & nan(y[bad]) & ((x[bad] & 0x7FFFFF) != 0) & ((y[bad] & 0x7FFFFF) != 0)))


def _delta(after: dict, before: dict) -> dict:
    return {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}


def diff_case(case: Case, tally: Tally | None = None) -> tuple[str, str]:
    """('same' | 'nanbits' | 'diff' | 'error' | 'fallback' | 'unsupported', detail) of one case on both
    backends. 'error': a Python exception inside a call that the API fenced (a dropped call: always a bug)."""
    tally = tally if tally is not None else Tally()
    prev, prev_threads = native.backend(), pool._override
    rs = runtime.stats
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            native.set_backend("reference")
            fenced = sum(FENCED.values())
            try:
                ref = run_case(case)
            except NotSupportedError as e:
                tally.add("unsupported")
                return "unsupported", str(e)
            if sum(FENCED.values()) != fenced:  # a Python exception the API turned into a dropped call
                tally.add("error")
                tally.failures.append((case.seed, case.kind, "reference: internal error fenced by the API"))
                return "error", "reference: an internal exception was fenced by the API (the call was dropped)"
            native.set_backend("native")
            if case.kind == "dispatch":
                pool.set_threads(1)  # random stores race between groups: only a serial order is defined
            before = (rs.native_runs, rs.fallbacks, dict(rs.reasons), fused_stats.fused_draws,
                      dict(fused_stats.reasons), rs.texture_native, rs.texture_callbacks)
            fenced = sum(FENCED.values())
            got = run_case(case)
            if sum(FENCED.values()) != fenced:
                tally.add("error")
                tally.failures.append((case.seed, case.kind, "native: internal error fenced by the API"))
                return "error", "native: an internal exception was fenced by the API (the call was dropped)"
    finally:
        native.set_backend(prev)
        pool.set_threads(prev_threads)
    tally.native_runs += rs.native_runs - before[0]
    tally.fused_draws += fused_stats.fused_draws - before[3]
    tally.texture_native += rs.texture_native - before[5]
    tally.texture_callbacks += rs.texture_callbacks - before[6]
    for k, v in _delta(fused_stats.reasons, before[4]).items():
        tally.fused_fallbacks[k] = tally.fused_fallbacks.get(k, 0) + v
    if rs.fallbacks != before[1]:
        reasons = _delta(rs.reasons, before[2])
        for k in reasons:
            tally.shader_fallbacks[k] = tally.shader_fallbacks.get(k, 0) + 1
        tally.add("fallback")
        return "fallback", ", ".join(sorted(reasons))
    bad = [k for k in ref if ref[k] != got.get(k)]
    if not bad:
        tally.add("same")
        return "same", ""
    # NaN payloads are open only where the bytes are float32 words: register words stored to UAVs and SO
    # buffers, and 32-bit float targets (in an 8-bit target a "NaN-looking" word is four ordinary texels)
    words = {"u0", "u1", "u2", "so"} | {f"rt{i}" for i, f in enumerate(case.state.get("rt", ())) if f in (2, 41)}
    if all(k in words and _only_nan_bits(ref[k], got[k]) for k in bad):
        tally.add("nanbits")
        return "nanbits", ", ".join(bad)
    k = bad[0]
    x, y = np.frombuffer(ref[k], np.uint8), np.frombuffer(got[k], np.uint8)
    n = min(x.size, y.size)
    where = np.nonzero(x[:n] != y[:n])[0]
    detail = f"{', '.join(bad)} differ; {k}: {where.size} bytes, first at {where[:6].tolist()}"
    if k in ("occlusion", "statistics", "counter"):
        detail += f" (reference {ref[k].decode()} / native {got[k].decode()})"
    tally.add("diff")
    tally.failures.append((case.seed, case.kind, detail))
    return "diff", detail


def drop_compiled() -> None:
    """Forget every compiled kernel (shader kernels, fused-lane variants, output-merger functions): each
    random program compiles new ones, and a long run would otherwise keep thousands of LLVM modules."""
    from ..pipeline.native import fused, om_runtime

    runtime._KERNELS.clear()
    fused._CACHE.clear()
    om_runtime._COMPILED.clear()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0, help="first case seed")
    ap.add_argument("--kind", default="all", choices=("draw", "dispatch", "all"))
    ap.add_argument("--ops", type=int, default=20)
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the programs of differing cases")
    ap.add_argument("--report-every", type=int, default=0, help="print the running tally every N cases")
    args = ap.parse_args(argv)
    if not native.available():
        print("the native backend (llvmlite) is not available")
        return 2
    tally = Tally()
    t0 = time.process_time()
    for s in range(args.seed, args.seed + args.cases):
        case = make_case(s, args.kind, args.ops)
        status, detail = diff_case(case, tally)
        if status in ("diff", "error", "nanbits", "fallback", "unsupported") or args.verbose:
            print(f"case {s} ({case.kind}): {status} {detail}", flush=True)
            if status == "diff" and args.show:
                for st, text in case.programs.items():
                    print(f"--- {st}\n{text}")
        done = s - args.seed + 1
        if done % 25 == 0:
            drop_compiled()
        if args.report_every and done % args.report_every == 0:
            print(f"after {done} cases ({time.process_time() - t0:.0f} s CPU):\n{tally.summary()}", flush=True)
    print(tally.summary())
    print(f"{args.cases} cases in {time.process_time() - t0:.1f} s of process CPU time")
    return 1 if tally.counts.get("diff") or tally.counts.get("error") else 0


if __name__ == "__main__":
    sys.exit(main())
