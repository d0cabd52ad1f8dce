"""Execution half of the shader-test runner: a D3D11 harness that behaves like vkd3d's
``tests/shader_runner_d3d11.c`` (FORMAT.md §1.4), written against the public API only, exactly as a C++
D3D11 program would be: D3D11CreateDevice, CreateBuffer/CreateTexture2D/3D, Create*View, the context's
Set* calls, DrawInstanced/Dispatch, ClearRenderTargetView, CopyResource, ResolveSubresource,
CopyStructureCount and Map(READ) on STAGING copies.

Every operation raises :class:`StepFailed` (with the reason) when it fails; the driver in
:mod:`pyd3d11.tools.shader_runner` turns that into a failed block and goes on.
"""

from __future__ import annotations

import logging
import struct
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyd3d11 import d3d11 as H  # the C++-style header module (``from pyd3d11.d3d11 import *``)
from pyd3d11.errors import S_OK

from .shader_test_format import (
    COMPARISON_FUNCS,
    InputElement,
    Model,
    ProbeSpec,
    ResourceDecl,
    SamplerDecl,
    ShaderHeader,
    UniformBuffer,
    bits_f32,
    compare_double_bits,
    compare_float_bits,
    parse_hex,
    vb_stride,
)

DEFAULT_RT_WIDTH, DEFAULT_RT_HEIGHT = 640, 480
DEFAULT_VS = "float4 main(float4 pos : position) : sv_position\n{\n    return pos;\n}\n"
QUAD_VERTICES = struct.pack("<6f", -2.0, -2.0, -2.0, 4.0, 4.0, -2.0)
GRAPHICS_STAGES = ("vs", "hs", "ds", "gs", "ps")
_SET_SHADER = {"vs": "VSSetShader", "hs": "HSSetShader", "ds": "DSSetShader", "gs": "GSSetShader",
               "ps": "PSSetShader", "cs": "CSSetShader"}
_CREATE_SHADER = {"vs": "CreateVertexShader", "hs": "CreateHullShader", "ds": "CreateDomainShader",
                  "gs": "CreateGeometryShader", "ps": "CreatePixelShader", "cs": "CreateComputeShader"}
_STAGE_PREFIX = {"vs": "VS", "hs": "HS", "ds": "DS", "gs": "GS", "ps": "PS", "cs": "CS"}


class StepFailed(Exception):
    """A directive could not be carried out (the reason is the message)."""


# ---------------------------------------------------------------------------------------------------
# the compiler

def _compiler() -> Any:
    """D3DCompile from the public header module."""
    from pyd3d11.d3dcompiler import D3DCompile

    return D3DCompile


def _blob_bytes(blob: Any) -> bytes:
    if isinstance(blob, tuple):
        blob = blob[0]
    if isinstance(blob, (bytes, bytearray, memoryview)):
        return bytes(blob)
    if hasattr(blob, "GetBufferPointer"):
        return bytes(blob.GetBufferPointer())[: blob.GetBufferSize()]
    return bytes(blob)


@dataclass(slots=True)
class CompileResult:
    hr: int | None  # None: the compiler raised something that is not a D3D11Error (a crash)
    code: bytes | None = None
    message: str = ""


#: compile results by (source, profile, flags): the runner compiles a file's shaders for its compile expectations
#: and again for its [test] blocks (once per backend where a caller runs them on each); D3DCompile without defines
#: or an include handler is a function of these three
_COMPILED: dict[tuple[str, str, int], CompileResult] = {}


def compile_hlsl(source: str, profile: str, flags: int) -> CompileResult:
    """D3DCompile(source, ..., "main", profile, flags, 0) → its HRESULT, bytecode and error text."""
    key = (source, profile, flags)
    got = _COMPILED.get(key)
    if got is None:
        if len(_COMPILED) >= 4096:
            _COMPILED.clear()
        got = _compile(source, profile, flags)
        if got.hr is not None:  # (not a crash: one may be a time limit's, which another caller's limit may not hit)
            _COMPILED[key] = got
    return got


def _compile(source: str, profile: str, flags: int) -> CompileResult:
    try:
        compile_fn = _compiler()
    except Exception as e:  # the compiler is not importable yet
        return CompileResult(None, None, f"HLSL compiler not available ({type(e).__name__}: {e})")
    data = source.encode()
    try:
        out = compile_fn(data, len(data), None, None, None, "main", profile, flags, 0)
    except Exception as e:
        hr = getattr(e, "hresult", None)
        if not isinstance(hr, int):
            return CompileResult(None, None, f"compiler crashed: {type(e).__name__}: {e}"[:300])
        lines = (getattr(e, "message", "") or str(e)).strip().splitlines()
        return CompileResult(hr, None, (lines[0] if lines else type(e).__name__)[:300])
    try:
        return CompileResult(S_OK, _blob_bytes(out))
    except Exception as e:
        return CompileResult(None, None, f"compiler returned no blob: {type(e).__name__}: {e}")


def preprocess(source: str) -> tuple[int | None, str, str]:
    """D3DPreprocess → (hr, output text, message)."""
    try:
        from pyd3d11.d3dcompiler import D3DPreprocess
    except Exception as e:
        return None, "", f"D3DPreprocess not available ({type(e).__name__}: {e})"
    data = source.encode()
    try:
        out = D3DPreprocess(data, len(data), None, None, None)
    except Exception as e:
        hr = getattr(e, "hresult", None)
        return (hr if isinstance(hr, int) else None), "", f"{type(e).__name__}: {e}"[:300]
    return S_OK, _blob_bytes(out).decode("utf-8", "replace"), ""


# ---------------------------------------------------------------------------------------------------
# debug-layer messages

class _ErrorLog(logging.Handler):
    """Collects the debug layer's ERROR (and worse) messages, bridged to logging.getLogger("pyd3d11")."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.messages.append(record.getMessage()[:300])
        except Exception:  # pragma: no cover - a broken record must not stop the run
            pass


# ---------------------------------------------------------------------------------------------------
# the harness

@dataclass(slots=True)
class Resource:
    decl: ResourceDecl
    obj: Any = None  # ID3D11Buffer / ID3D11Texture*
    view: Any = None  # SRV / UAV / RTV / DSV
    error: str = ""


@dataclass
class ProbeResult:
    line: int
    text: str
    passed: bool
    detail: str = ""
    todo: bool = False


@dataclass
class HarnessState:
    """Everything the [test] directives act on; it persists for the whole file (one pass)."""

    shaders: dict[str, tuple[ShaderHeader, str]] = field(default_factory=dict)
    resources: dict[tuple[str, int], Resource] = field(default_factory=dict)
    samplers: dict[int, SamplerDecl] = field(default_factory=dict)
    input_layout: list[InputElement] = field(default_factory=list)
    uniforms: UniformBuffer = field(default_factory=UniformBuffer)
    depth_func: int = COMPARISON_FUNCS["less"]
    sample_mask: int = 0xFFFFFFFF
    viewports: dict[int, list[float]] = field(default_factory=dict)
    last_render_failed: bool = False


def _fmt(name: str) -> int:
    return int(getattr(H, name))


class D3D11Harness:
    """One device per file and pass (the C runner creates one per file and model)."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.compile_options = 0
        self.state = HarnessState()
        self.log = _ErrorLog()
        logging.getLogger("pyd3d11").addHandler(self.log)
        try:
            create_device = H.D3D11CreateDevice
            self.device, _level, self.ctx = create_device(
                None, H.D3D_DRIVER_TYPE_HARDWARE, None, H.D3D11_CREATE_DEVICE_DEBUG,
                [H.D3D_FEATURE_LEVEL_11_1, H.D3D_FEATURE_LEVEL_11_0], 2, H.D3D11_SDK_VERSION)
            self.device_error = ""
        except Exception as e:
            self.device = self.ctx = None
            self.device_error = f"D3D11CreateDevice failed: {type(e).__name__}: {e}"

    def close(self) -> None:
        logging.getLogger("pyd3d11").removeHandler(self.log)

    def take_messages(self) -> list[str]:
        out, self.log.messages = self.log.messages, []
        return out

    def _need_device(self) -> None:
        if self.device is None:
            raise StepFailed(self.device_error)

    # -- capabilities ---------------------------------------------------------------------------
    def has_cap(self, cap: str) -> bool:
        """The D3D11 runner's capability answers (FORMAT.md ``[require]`` lines)."""
        if cap in ("geometry-shader", "tessellation-shader"):
            return True
        if self.device is None:
            return False
        try:
            if cap == "float64":
                d = self.device.CheckFeatureSupport(H.D3D11_FEATURE_DOUBLES)
                return bool(d.DoublePrecisionFloatShaderOps)
            if cap == "rov":
                return bool(self.device.CheckFeatureSupport(H.D3D11_FEATURE_D3D11_OPTIONS2).ROVsSupported)
            if cap == "rt-vp-array-index":
                d = self.device.CheckFeatureSupport(H.D3D11_FEATURE_D3D11_OPTIONS3)
                return bool(d.VPAndRTArrayIndexFromAnyShaderFeedingRasterizer)
        except Exception:
            return False
        return False

    def has_uav_load(self, format_name: str) -> bool:
        """D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD for the format (CheckFeatureSupport FORMAT_SUPPORT2)."""
        from .shader_test_format import parse_format_name

        if self.device is None:
            return False
        try:
            fmt = _fmt(parse_format_name(format_name).name)
            d = self.device.CheckFeatureSupport(H.D3D11_FEATURE_FORMAT_SUPPORT2,
                                                H.D3D11_FEATURE_DATA_FORMAT_SUPPORT2(InFormat=fmt))
            return bool(d.OutFormatSupport2 & H.D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD)
        except Exception:
            return False

    # -- resources ------------------------------------------------------------------------------
    def set_resource(self, decl: ResourceDecl) -> None:
        """Create the resource and its view now (the section ended); replaces (type, slot)."""
        key = (decl.type, decl.slot)
        res = Resource(decl)
        self.state.resources[key] = res
        try:
            self._need_device()
            self._create(res)
        except Exception as e:
            res.error = f"creating [{decl.type} {decl.slot}] failed: {type(e).__name__}: {e}"[:300]

    def _initial_data(self, d: ResourceDecl, dim3: bool) -> list[Any] | None:
        """Subresource data: the words are level by level, layer by layer; D3D11's array is
        indexed mip + layer × levels."""
        if not d.data or d.sample_count > 1:
            return None
        raw = struct.pack(f"<{len(d.data)}I", *d.data)
        ts = d.texel_size
        layers = 1 if dim3 else d.layers
        subs: dict[int, Any] = {}
        pos = 0
        for level in range(d.levels):
            w = max(1, d.width >> level)
            h = max(1, d.height >> level)
            dd = max(1, d.depth >> level) if dim3 else 1
            size = w * h * dd * ts
            for layer in range(layers):
                chunk = raw[pos:pos + size]
                chunk += bytes(size - len(chunk))
                pos += size
                subs[level + layer * d.levels] = H.D3D11_SUBRESOURCE_DATA(pSysMem=chunk, SysMemPitch=w * ts,
                                                                          SysMemSlicePitch=w * h * ts)
        return [subs[i] for i in range(len(subs))]

    def _create(self, res: Resource) -> None:
        d = res.decl
        dev = self.device
        fmt = _fmt(d.format.name)
        if d.type == "vb":
            data = struct.pack(f"<{len(d.data)}I", *d.data)
            res.obj = dev.CreateBuffer(H.D3D11_BUFFER_DESC(ByteWidth=len(data), BindFlags=H.D3D11_BIND_VERTEX_BUFFER),
                                       H.D3D11_SUBRESOURCE_DATA(pSysMem=data) if data else None)
            return
        bind = {"srv": H.D3D11_BIND_SHADER_RESOURCE, "uav": H.D3D11_BIND_UNORDERED_ACCESS,
                "rtv": H.D3D11_BIND_RENDER_TARGET, "dsv": H.D3D11_BIND_DEPTH_STENCIL}[d.type]
        if d.is_buffer:
            self._create_buffer(res, fmt, bind)
            return
        if d.dimension == "3d":
            desc = H.D3D11_TEXTURE3D_DESC(Width=d.width, Height=d.height, Depth=d.depth, MipLevels=d.levels,
                                          Format=fmt, Usage=H.D3D11_USAGE_DEFAULT, BindFlags=bind)
            res.obj = dev.CreateTexture3D(desc, self._initial_data(d, True))
        else:
            misc = H.D3D11_RESOURCE_MISC_TEXTURECUBE if d.dimension == "cube" else 0
            desc = H.D3D11_TEXTURE2D_DESC(Width=d.width, Height=d.height, MipLevels=d.levels, ArraySize=d.layers,
                                          Format=fmt, SampleDesc=H.DXGI_SAMPLE_DESC(Count=d.sample_count),
                                          Usage=H.D3D11_USAGE_DEFAULT, BindFlags=bind, MiscFlags=misc)
            res.obj = dev.CreateTexture2D(desc, self._initial_data(d, False))
        create = {"srv": dev.CreateShaderResourceView, "uav": dev.CreateUnorderedAccessView,
                  "rtv": dev.CreateRenderTargetView, "dsv": dev.CreateDepthStencilView}[d.type]
        res.view = create(res.obj, None)

    def _create_buffer(self, res: Resource, fmt: int, bind: int) -> None:
        d = res.decl
        dev = self.device
        raw = d.dimension == "raw_buffer"
        structured = bool(d.stride)
        size = d.width * d.texel_size
        misc = (H.D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS if raw else 0) | (
            H.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED if structured else 0)
        desc = H.D3D11_BUFFER_DESC(ByteWidth=size, Usage=H.D3D11_USAGE_DEFAULT, BindFlags=bind, MiscFlags=misc,
                                   StructureByteStride=d.stride if structured else 0)
        init = None
        if d.data:
            data = struct.pack(f"<{len(d.data)}I", *d.data)[:size]
            init = H.D3D11_SUBRESOURCE_DATA(pSysMem=data + bytes(size - len(data)))
        res.obj = dev.CreateBuffer(desc, init)
        if d.type == "srv":
            vd = H.D3D11_SHADER_RESOURCE_VIEW_DESC()
            if raw:
                vd.Format, vd.ViewDimension = _fmt("DXGI_FORMAT_R32_TYPELESS"), H.D3D11_SRV_DIMENSION_BUFFEREX
                vd.BufferEx.NumElements, vd.BufferEx.Flags = size // 4, H.D3D11_BUFFEREX_SRV_FLAG_RAW
            else:
                vd.Format, vd.ViewDimension = (0 if structured else fmt), H.D3D11_SRV_DIMENSION_BUFFER
                vd.Buffer.NumElements = d.width
            res.view = dev.CreateShaderResourceView(res.obj, vd)
        elif d.type == "uav":
            vd = H.D3D11_UNORDERED_ACCESS_VIEW_DESC()
            vd.ViewDimension = H.D3D11_UAV_DIMENSION_BUFFER
            if raw:
                vd.Format = _fmt("DXGI_FORMAT_R32_TYPELESS")
                vd.Buffer.NumElements, vd.Buffer.Flags = size // 4, H.D3D11_BUFFER_UAV_FLAG_RAW
            else:
                vd.Format = 0 if structured else fmt
                vd.Buffer.NumElements = d.width
                if d.dimension == "counter_buffer":
                    vd.Buffer.Flags = H.D3D11_BUFFER_UAV_FLAG_COUNTER
            res.view = dev.CreateUnorderedAccessView(res.obj, vd)
        else:
            raise StepFailed(f"[{d.type}] cannot be a buffer")

    def _resource(self, key: tuple[str, int]) -> Resource:
        res = self.state.resources.get(key)
        if res is None:
            raise StepFailed(f"undefined resource {key[0]} {key[1]}")
        if res.error:
            raise StepFailed(res.error)
        return res

    def set_default_target(self) -> None:
        """On the first draw / clear rtv with neither rtv 0 nor a dsv: a 640×480 R32G32B32A32_FLOAT RT."""
        if ("rtv", 0) in self.state.resources or ("dsv", 0) in self.state.resources:
            return
        d = ResourceDecl("rtv", 0, width=DEFAULT_RT_WIDTH, height=DEFAULT_RT_HEIGHT, dimension="2d")
        self.set_resource(d)

    # -- shaders --------------------------------------------------------------------------------
    def _profile(self, stage: str) -> str:
        return f"{stage}_{self.model[0]}_{self.model[1]}"

    def shader_code(self, stage: str) -> bytes:
        """Bytecode for the stage's current source: compiled with ``<stage>_<min model>`` or raw hex."""
        header, source = self.state.shaders[stage]
        if header.source_format == "dxbc-tpf-hex":
            return parse_hex(source)
        if header.source_format != "hlsl":
            raise StepFailed(f"{header.source_format} shaders are not D3D11 bytecode")
        profile = self._profile(stage)
        res = compile_hlsl(source, profile, self.compile_options)  # (remembered: compile_hlsl)
        if res.hr != S_OK or res.code is None:
            hr = "crash" if res.hr is None else f"0x{res.hr:08x}"
            raise StepFailed(f"compiling {profile} failed ({hr}): {res.message}")
        return res.code

    def _create_shader(self, stage: str, code: bytes) -> Any:
        method = getattr(self.device, _CREATE_SHADER[stage], None)
        if method is None:
            raise StepFailed(f"ID3D11Device.{_CREATE_SHADER[stage]} is not available")
        return method(code, len(code), None)

    # -- directives -----------------------------------------------------------------------------
    def _cb0(self) -> Any:
        words = self.state.uniforms.words
        if not words:
            return None
        data = self.state.uniforms.to_bytes()
        return self.device.CreateBuffer(
            H.D3D11_BUFFER_DESC(ByteWidth=len(data), Usage=H.D3D11_USAGE_IMMUTABLE,
                                BindFlags=H.D3D11_BIND_CONSTANT_BUFFER),
            H.D3D11_SUBRESOURCE_DATA(pSysMem=data))

    def _sampler_objects(self) -> dict[int, Any]:
        out = {}
        for slot, s in self.state.samplers.items():
            desc = H.D3D11_SAMPLER_DESC(Filter=s.filter, AddressU=s.address[0], AddressV=s.address[1],
                                        AddressW=s.address[2], ComparisonFunc=s.comparison,
                                        MaxLOD=H.D3D11_FLOAT32_MAX)
            out[slot] = self.device.CreateSamplerState(desc)
        return out

    def _of_type(self, rtype: str) -> dict[int, Resource]:
        out = {}
        for (t, slot), res in self.state.resources.items():
            if t == rtype:
                if res.error:
                    raise StepFailed(res.error)
                out[slot] = res
        return out

    def draw(self, topology: int, vertex_count: int, instance_count: int) -> None:
        self._need_device()
        self.set_default_target()
        st, dev, ctx = self.state, self.device, self.ctx
        if "vs" not in st.shaders:
            raise StepFailed("draw without a vertex shader")
        if ("hs" in st.shaders) != ("ds" in st.shaders):
            raise StepFailed("a hull shader needs a domain shader and vice versa")
        codes = {s: self.shader_code(s) for s in GRAPHICS_STAGES if s in st.shaders}
        objs = {s: self._create_shader(s, c) for s, c in codes.items()}
        layout = None
        if st.input_layout:
            elems = [H.D3D11_INPUT_ELEMENT_DESC(SemanticName=e.semantic, SemanticIndex=e.index,
                                                Format=_fmt(e.format.name), InputSlot=e.slot,
                                                AlignedByteOffset=H.D3D11_APPEND_ALIGNED_ELEMENT,
                                                InputSlotClass=H.D3D11_INPUT_PER_VERTEX_DATA)
                     for e in st.input_layout]
            create_layout = getattr(dev, "CreateInputLayout", None)
            if create_layout is None:
                raise StepFailed("ID3D11Device.CreateInputLayout is not available")
            layout = create_layout(elems, len(elems), codes["vs"], len(codes["vs"]))
        cb = self._cb0()
        srvs = self._of_type("srv")
        uavs = self._of_type("uav")
        rtvs = self._of_type("rtv")
        dsv = self._of_type("dsv").get(0)
        vbs = self._of_type("vb")
        samplers = self._sampler_objects()
        for s in GRAPHICS_STAGES:
            p = _STAGE_PREFIX[s]
            getattr(ctx, _SET_SHADER[s])(objs.get(s), None, 0)
            if cb is not None:
                getattr(ctx, f"{p}SetConstantBuffers")(0, 1, [cb])
            for slot, r in srvs.items():  # all stages, as the d3d12/Vulkan runners' visibility ALL
                getattr(ctx, f"{p}SetShaderResources")(slot, 1, [r.view])
            for slot, smp in samplers.items():
                getattr(ctx, f"{p}SetSamplers")(slot, 1, [smp])
        rt_count = max(rtvs) + 1 if rtvs else 0
        rt_list = [rtvs[i].view if i in rtvs else None for i in range(rt_count)]
        dsv_view = dsv.view if dsv else None
        if uavs:
            lo, hi = min(uavs), max(uavs)
            ctx.OMSetRenderTargetsAndUnorderedAccessViews(rt_count, rt_list, dsv_view, lo, hi - lo + 1,
                                                          [uavs[i].view if i in uavs else None
                                                           for i in range(lo, hi + 1)], None)
        else:
            ctx.OMSetRenderTargets(rt_count, rt_list, dsv_view)
        for slot, r in vbs.items():
            ctx.IASetVertexBuffers(slot, 1, [r.obj], [vb_stride(st.input_layout, slot)], [0])
        ctx.IASetInputLayout(layout)
        ctx.IASetPrimitiveTopology(topology)
        rs = dev.CreateRasterizerState(H.D3D11_RASTERIZER_DESC(FillMode=H.D3D11_FILL_SOLID,
                                                               CullMode=H.D3D11_CULL_NONE, DepthClipEnable=1))
        ctx.RSSetState(rs)
        if st.viewports:
            n = max(st.viewports) + 1
            vps = [H.D3D11_VIEWPORT(*(st.viewports.get(i, [0.0, 0.0, 0.0, 0.0])), 0.0, 1.0) for i in range(n)]
        else:
            sizes = [(r.decl.width, r.decl.height) for r in rtvs.values()]
            if dsv:
                sizes.append((dsv.decl.width, dsv.decl.height))
            w = min(s[0] for s in sizes) if sizes else 0
            h = min(s[1] for s in sizes) if sizes else 0
            vps = [H.D3D11_VIEWPORT(0.0, 0.0, float(w), float(h), 0.0, 1.0)]
        ctx.RSSetViewports(len(vps), vps)
        ctx.OMSetBlendState(None, None, st.sample_mask)
        if dsv:
            ds = dev.CreateDepthStencilState(H.D3D11_DEPTH_STENCIL_DESC(
                DepthEnable=1, DepthWriteMask=H.D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=st.depth_func))
            ctx.OMSetDepthStencilState(ds, 0)
        else:
            ctx.OMSetDepthStencilState(None, 0)
        ctx.DrawInstanced(vertex_count, instance_count, 0, 0)

    def draw_quad(self) -> None:
        """One large triangle (-2,-2), (-2,4), (4,-2) with the ``position`` layout; vb 0 is replaced and
        the default VS stays once used (sources are sticky); the input layout comes back afterwards."""
        st = self.state
        saved = st.input_layout
        from .shader_test_format import FORMATS

        st.input_layout = [InputElement(0, FORMATS["r32g32-float"], "position", 0)]
        vb = ResourceDecl("vb", 0, dimension="buffer", width=len(QUAD_VERTICES),
                          data=list(struct.unpack("<6I", QUAD_VERTICES)))
        self.set_resource(vb)
        if "vs" not in st.shaders:
            st.shaders["vs"] = (ShaderHeader("vs"), DEFAULT_VS)
        try:
            self.draw(H.D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST, 3, 1)
        finally:
            st.input_layout = saved

    def dispatch(self, x: int, y: int, z: int) -> None:
        self._need_device()
        st, ctx = self.state, self.ctx
        if "cs" not in st.shaders:
            raise StepFailed("dispatch without a compute shader")
        cs = self._create_shader("cs", self.shader_code("cs"))
        ctx.CSSetShader(cs, None, 0)
        cb = self._cb0()
        if cb is not None:
            ctx.CSSetConstantBuffers(0, 1, [cb])
        for slot, r in self._of_type("srv").items():
            ctx.CSSetShaderResources(slot, 1, [r.view])
        for slot, r in self._of_type("uav").items():
            ctx.CSSetUnorderedAccessViews(slot, 1, [r.view], None)
        for slot, smp in self._sampler_objects().items():
            ctx.CSSetSamplers(slot, 1, [smp])
        ctx.Dispatch(x, y, z)

    def clear_rtv(self, slot: int, color_bits: list[int]) -> None:
        self._need_device()
        self.set_default_target()
        res = self._resource(("rtv", slot))
        self.ctx.ClearRenderTargetView(res.view, [bits_f32(b) for b in color_bits])

    def clear_dsv(self, depth_bits: int) -> None:
        self._need_device()
        res = self._resource(("dsv", 0))
        self.ctx.ClearDepthStencilView(res.view, H.D3D11_CLEAR_DEPTH, bits_f32(depth_bits), 0)

    def copy(self, src: tuple[str, int], dst: tuple[str, int]) -> None:
        self._need_device()
        s, d = self._resource(src), self._resource(dst)
        self.ctx.CopyResource(d.obj, s.obj)

    # -- readback -------------------------------------------------------------------------------
    def _staging_of(self, res: Resource) -> tuple[Any, Any]:
        """(STAGING copy, its desc) of ``res`` (multisampled textures resolved first)."""
        dev, ctx = self.device, self.ctx
        desc = res.obj.GetDesc()
        src = res.obj
        if res.decl.is_buffer or res.decl.type == "vb":
            sd = H.D3D11_BUFFER_DESC(ByteWidth=desc.ByteWidth, Usage=H.D3D11_USAGE_STAGING,
                                     CPUAccessFlags=H.D3D11_CPU_ACCESS_READ)
            staging = dev.CreateBuffer(sd)
        elif res.decl.dimension == "3d":
            sd = H.D3D11_TEXTURE3D_DESC(Width=desc.Width, Height=desc.Height, Depth=desc.Depth,
                                        MipLevels=desc.MipLevels, Format=desc.Format, Usage=H.D3D11_USAGE_STAGING,
                                        CPUAccessFlags=H.D3D11_CPU_ACCESS_READ)
            staging = dev.CreateTexture3D(sd)
        else:
            if desc.SampleDesc.Count > 1:
                rd = H.D3D11_TEXTURE2D_DESC(Width=desc.Width, Height=desc.Height, MipLevels=1,
                                            ArraySize=desc.ArraySize, Format=desc.Format,
                                            SampleDesc=H.DXGI_SAMPLE_DESC(Count=1), Usage=H.D3D11_USAGE_DEFAULT,
                                            BindFlags=H.D3D11_BIND_RENDER_TARGET)
                resolved = dev.CreateTexture2D(rd)
                for layer in range(desc.ArraySize):
                    ctx.ResolveSubresource(resolved, layer, src, layer, desc.Format)
                src = resolved
            sd = H.D3D11_TEXTURE2D_DESC(Width=desc.Width, Height=desc.Height, MipLevels=desc.MipLevels,
                                        ArraySize=desc.ArraySize, Format=desc.Format,
                                        SampleDesc=H.DXGI_SAMPLE_DESC(Count=1), Usage=H.D3D11_USAGE_STAGING,
                                        CPUAccessFlags=H.D3D11_CPU_ACCESS_READ)
            staging = dev.CreateTexture2D(sd)
        ctx.CopyResource(staging, src)
        return staging, sd

    def readback(self, key: tuple[str, int], layer: int) -> tuple[np.ndarray, int, int, int]:
        """(bytes, row pitch, width, height) of subresource ``layer × levels`` via a STAGING copy + Map."""
        self._need_device()
        res = self._resource(key)
        dev, ctx = self.device, self.ctx
        if res.decl.dimension == "counter_buffer":
            # the probe reads the hidden counter (CopyStructureCount)
            dst = dev.CreateBuffer(H.D3D11_BUFFER_DESC(ByteWidth=4, Usage=H.D3D11_USAGE_DEFAULT,
                                                       BindFlags=H.D3D11_BIND_SHADER_RESOURCE))
            ctx.CopyStructureCount(dst, 0, res.view)
            staging = dev.CreateBuffer(H.D3D11_BUFFER_DESC(ByteWidth=4, Usage=H.D3D11_USAGE_STAGING,
                                                           CPUAccessFlags=H.D3D11_CPU_ACCESS_READ))
            ctx.CopyResource(staging, dst)
            width, height, sub = 1, 1, 0
        else:
            staging, _ = self._staging_of(res)
            d = res.decl
            sub = layer * d.levels
            width = d.width if not (d.is_buffer or d.type == "vb") else d.width * d.texel_size
            height = d.height if not (d.is_buffer or d.type == "vb") else 1
        mapped = ctx.Map(staging, sub, H.D3D11_MAP_READ, 0)
        try:
            pitch = int(mapped.RowPitch) or len(mapped.pData)
            data = np.frombuffer(bytes(mapped.pData), dtype=np.uint8).copy()
        finally:
            ctx.Unmap(staging, sub)
        if res.decl.is_buffer or res.decl.type == "vb" or res.decl.dimension == "counter_buffer":
            pitch = len(data)
        return data, pitch, width, height

    def probe(self, p: ProbeSpec) -> tuple[bool, str]:
        """Compare the probed rectangle with the literal (vkd3d utils.h check_readback_data_*): the element
        at x sits at byte ``x × element size`` of row y, the element size being the literal's size."""
        data, pitch, _w, _h = self.readback(p.resource, p.layer)
        scalar = 8 if p.kind in ("f64", "u64", "i64") else 4
        n = len(p.values)
        es = scalar * n
        left, top, right, bottom = p.rect
        if right <= left or bottom <= top:
            return True, "empty rectangle"
        xs = np.arange(left, right)
        ys = np.arange(top, bottom)
        offs = (ys[:, None] * pitch + xs[None, :] * es).ravel()
        if offs.min() < 0 or offs.max() + es > len(data):
            return False, f"probe rectangle {p.rect} outside the {len(data)}-byte readback"
        idx = offs[:, None] + np.arange(es)[None, :]
        block = data[idx]
        got = block.view(np.uint64 if scalar == 8 else np.uint32).reshape(len(offs), n)
        exp = np.array(p.values, dtype=np.uint64 if scalar == 8 else np.uint32)[None, :]
        if p.kind == "f32":
            ok = compare_float_bits(got, exp, p.ulps)
        elif p.kind == "f64":
            ok = compare_double_bits(got.ravel(), np.broadcast_to(exp, got.shape).ravel(), p.ulps).reshape(got.shape)
        else:
            ok = got == exp
        rows_ok = ok.all(axis=1)
        if rows_ok.all():
            return True, ""
        i = int(np.argmin(rows_ok))
        x = int(xs[i % len(xs)])
        y = int(ys[i // len(xs)])
        return False, f"at ({x}, {y}) got {_show(p.kind, got[i])}, expected {_show(p.kind, exp[0])}" + (
            f" (ulps {p.ulps})" if p.kind in ("f32", "f64") else "")


def _show(kind: str, vals: np.ndarray) -> str:
    out = []
    for v in vals.tolist():
        if kind == "f32":
            out.append(repr(float(np.array([v], dtype=np.uint32).view(np.float32)[0])))
        elif kind == "f64":
            out.append(repr(float(np.array([v], dtype=np.uint64).view(np.float64)[0])))
        elif kind == "i32":
            out.append(str(int(np.array([v], dtype=np.uint32).view(np.int32)[0])))
        elif kind == "i64":
            out.append(str(int(np.array([v], dtype=np.uint64).view(np.int64)[0])))
        else:
            out.append(hex(int(v)))
    return "(" + ", ".join(out) + ")"
