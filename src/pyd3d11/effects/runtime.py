"""The Effects 11 runtime (microsoft/FX11's behaviour, written for pyd3d11): ID3DX11Effect, groups,
techniques and passes over an effect binary (``binary.read_effect``).

``ID3DX11EffectPass.Apply`` does what FX11's ApplyPassBlock does: the pass's blend / depth-stencil /
rasterizer states (with its blend factor, sample mask and stencil ref), then each shader the pass assigns
(NULL unbinds the stage), binding before it the constant buffers (uploading the ones whose variables
changed), samplers, UAVs and shader resources the shader's reflection names, at the slots it names.
States and shaders the pass does not mention are left as they are."""

from __future__ import annotations

import copy
import struct
from typing import Any

from ..errors import E_FAIL, E_INVALIDARG, E_NOTIMPL, D3D11Error, NotSupportedError, error_for
from ..headers.d3d11_structs import (
    D3D11_BLEND_DESC,
    D3D11_BUFFER_DESC,
    D3D11_DEPTH_STENCIL_DESC,
    D3D11_RASTERIZER_DESC,
    D3D11_SAMPLER_DESC,
    D3D11_SHADER_RESOURCE_VIEW_DESC,
    D3D11_SO_DECLARATION_ENTRY,
)
from . import model as M
from . import states as S
from .binary import read_effect
from .descs import (
    D3DX11_EFFECT_DESC,
    D3DX11_EFFECT_SHADER_DESC,
    D3DX11_GROUP_DESC,
    D3DX11_PASS_DESC,
    D3DX11_PASS_SHADER_DESC,
    D3DX11_TECHNIQUE_DESC,
)
from .variables import (
    ID3DX11EffectConstantBuffer,
    ID3DX11EffectShaderVariable,
    ID3DX11EffectVariable,
    _Store,
    annotation_variables,
    invalid,
    make_variable,
    unpack_default,
)

_STAGES = ("VS", "HS", "DS", "GS", "PS", "CS")
_STAGE_OF_STATE = {"VertexShader": "VS", "PixelShader": "PS", "GeometryShader": "GS", "HullShader": "HS",
                   "DomainShader": "DS", "ComputeShader": "CS"}
_STAGE_OF_EOT = {"VertexShader": "VS", "VertexShader5": "VS", "PixelShader": "PS", "PixelShader5": "PS",
                 "GeometryShader": "GS", "GeometryShaderSO": "GS", "GeometryShader5": "GS", "HullShader5": "HS",
                 "DomainShader5": "DS", "ComputeShader5": "CS"}
# D3D_SHADER_INPUT_TYPE
_SIT_CBUFFER, _SIT_TBUFFER, _SIT_SAMPLER = 0, 1, 3
_SIT_UAVS = {4, 6, 8, 9, 10, 11}
# D3D11_BIND_CONSTANT_BUFFER, D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT, DXGI_FORMAT_R32G32B32A32_UINT,
# D3D11_SRV_DIMENSION_BUFFER (d3d11.h / dxgiformat.h values)
_BIND_CONSTANT_BUFFER, _BIND_SHADER_RESOURCE, _USAGE_DEFAULT, _R32G32B32A32_UINT, _SRV_DIMENSION_BUFFER = 4, 8, 0, 3, 1


def _fail(method: str, why: str) -> Exception:
    return error_for(E_FAIL, f"{method}: {why}", method)


def _badarg(method: str, why: str) -> Exception:
    return error_for(E_INVALIDARG, f"{method}: {why}", method)


# --- stream-output declarations ---------------------------------------------------------------------------------
def parse_so_decl(text: str, stream: int) -> tuple[list, list[int]]:
    """A ConstructGSWithSO declaration (``"[slot:]SEMANTIC[index][.mask]; $SKIP.xy; ..."``) as
    D3D11_SO_DECLARATION_ENTRY list and the per-slot strides (4 bytes per component)."""
    entries = []
    strides = [0, 0, 0, 0]
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        slot = 0
        if ":" in part:
            head, part = part.split(":", 1)
            slot = int(head.strip())
            part = part.strip()
        name, _, mask = part.partition(".")
        mask = mask.strip().lower()
        comps = "xyzw" if not mask else mask
        letters = "rgba" if comps[0] in "rgba" else "xyzw"
        start = letters.index(comps[0])
        count = len(comps)
        if comps != letters[start:start + count]:
            raise _badarg("ConstructGSWithSO", f"stream-output mask '{mask}' must be contiguous")
        name = name.strip()
        index = 0
        if name.upper() == "$SKIP":
            sem = None
            start = 0
        else:
            i = len(name)
            while i > 0 and name[i - 1].isdigit():
                i -= 1
            sem, index = name[:i], int(name[i:] or 0)
        entries.append(D3D11_SO_DECLARATION_ENTRY(stream, sem, index, start, count, slot))
        strides[slot] += 4 * count
    return entries, strides


# --- runtime blocks -------------------------------------------------------------------------------------------
class ShaderBlock:
    """One shader of the effect (a variable's element or an inline pass shader)."""

    def __init__(self, effect: ID3DX11Effect, fx: M.FxShader, stage: str | None, inline: bool) -> None:
        self.fx, self.stage, self.inline = fx, stage, inline
        self.shader = None
        self.reflection = None
        self.bindings: list = []
        self.input_signature: bytes | None = None
        self.valid = True
        self.error: Exception | None = None
        self.slot_count = 0
        self._deps: list | None = None
        if not fx.bytecode:
            self.stage = stage
            return
        from ..shader.blob import D3DGetInputSignatureBlob
        from ..shader.reflection import D3DReflect

        code = fx.bytecode
        self.reflection = D3DReflect(code)
        desc = self.reflection.GetDesc()
        self.bindings = [self.reflection.GetResourceBindingDesc(i) for i in range(desc.BoundResources)]
        # D3D11_SHADER_DESC.Version: D3D11_SHVER_GET_TYPE (D3D11_SHADER_VERSION_TYPE, 0 = pixel ... 5 = compute)
        actual = ("PS", "VS", "GS", "HS", "DS", "CS")[(desc.Version >> 16) & 0xFFFF]
        if stage == "GS" and actual == "VS" and fx.so_decls:
            actual = "GS"  # a vertex shader's output streamed out: a geometry shader of the VS's bytecode
        self.stage = actual
        if actual in ("VS", "GS"):
            self.input_signature = bytes(D3DGetInputSignatureBlob(code).GetBufferPointer())
        dev = effect._device
        # FX11 BindToDevice: shaders take the effect's class linkage from feature level 11_0 on
        self.linkage = effect._linkage if dev.GetFeatureLevel() >= 0xB000 else None
        self.slot_count = self.reflection.GetNumInterfaceSlots() if hasattr(self.reflection,
                                                                           "GetNumInterfaceSlots") else 0
        try:
            self._create(dev, code, actual, fx)
        except D3D11Error as exc:
            # FX11 BindToDevice: a shader the device refuses (e.g. vs_5_0 on feature level 10_0) leaves its
            # block invalid, and the passes using it (and their techniques) report IsValid() false
            self.valid = False
            self.error = exc

    def _create(self, dev: Any, code: bytes, actual: str, fx: M.FxShader) -> None:
        if actual == "GS" and fx.so_decls:
            entries: list = []
            strides = [0, 0, 0, 0]
            for s, decl in enumerate(fx.so_decls):
                if decl:
                    e, st = parse_so_decl(decl, s)
                    entries += e
                    strides = [max(a, b) for a, b in zip(strides, st, strict=True)]
            used = max((i + 1 for i, s in enumerate(strides) if s), default=1)
            self.shader = dev.CreateGeometryShaderWithStreamOutput(code, len(code), entries, len(entries),
                                                                   strides[:used], used, fx.rasterized_stream,
                                                                   self.linkage)
        else:
            create = {"VS": dev.CreateVertexShader, "PS": dev.CreatePixelShader, "GS": dev.CreateGeometryShader,
                      "HS": dev.CreateHullShader, "DS": dev.CreateDomainShader, "CS": dev.CreateComputeShader}
            self.shader = create[actual](code, len(code), self.linkage)

    def interface_deps(self, effect: ID3DX11Effect) -> list[tuple[int, list]]:
        """(first slot, per-slot targets) for each interface pointer the shader uses (FX11 EffectLoad's
        interface dependencies): a global pointer by its name; an entry-point interface parameter
        (D3D_SVF_INTERFACE_PARAMETER) by the next ``BindInterfaces`` argument, in order. A target is an
        interface variable's element (``("iface", slots, i)``: whatever class instance it holds at Apply) or a
        class instance variable (``("ci", variable)``)."""
        if self._deps is not None:
            return self._deps
        deps: list[tuple[int, list]] = []
        binds = list(self.fx.interface_bindings)
        refl = self.reflection
        if self.slot_count and refl is not None:
            for i in range(refl.GetDesc().ConstantBuffers):
                cb = refl.GetConstantBufferByIndex(i)
                cd = cb.GetDesc()
                if cd.Type != 2:  # D3D11_CT_INTERFACE_POINTERS
                    continue
                for k in range(cd.Variables):
                    vd = cb.GetVariableByIndex(k).GetDesc()
                    if vd.StartOffset == 0xFFFFFFFF:
                        continue
                    if vd.uFlags & 0x8:  # D3D11_SVF_INTERFACE_PARAMETER
                        if not binds:
                            deps = []  # no interfaces bound: the shader cannot be set correctly (FX11 skips)
                            break
                        name, index = binds.pop(0)
                    else:
                        name, index = vd.Name, 0xFFFFFFFF
                    deps.append((vd.StartOffset, effect._interface_targets(name, index, vd.Size)))
        self._deps = deps
        return deps

    def class_instances(self, effect: ID3DX11Effect) -> list:
        """The ID3D11ClassInstance array for XXSetShader: each slot's current class instance (None where an
        interface variable holds none)."""
        out: list = [None] * self.slot_count
        for first, targets in self.interface_deps(effect):
            for j, tgt in enumerate(targets):
                if first + j >= len(out):
                    break
                ci = tgt[1][tgt[2]] if tgt[0] == "iface" else tgt[1]
                out[first + j] = ci.GetClassInstance() if ci is not None else None
        return out

    def desc(self) -> D3DX11_EFFECT_SHADER_DESC:
        d = D3DX11_EFFECT_SHADER_DESC(self.input_signature, self.inline, self.fx.bytecode or None,
                                      len(self.fx.bytecode), (self.fx.so_decls + [None] * 4)[:4],
                                      self.fx.rasterized_stream)
        if self.reflection is not None:
            rd = self.reflection.GetDesc()
            d.NumInputSignatureEntries = rd.InputParameters
            d.NumOutputSignatureEntries = rd.OutputParameters
            d.NumPatchConstantSignatureEntries = getattr(rd, "PatchConstantParameters", 0)
        return d


class StateBlock:
    """A BlendState/DepthStencilState/RasterizerState/SamplerState block: defaults (FX11's block
    constructors) overridden by its assignments, evaluated when the object is needed (assignments may read
    numeric variables); ``user`` holds an object set with Set*State, which wins until Undo."""

    def __init__(self, kind: str, assignments: list[M.FxAssignment]) -> None:
        self.kind, self.assignments = kind, assignments
        self.user = None
        self._cache: dict = {}

    def values(self, effect: ID3DX11Effect) -> dict:
        vals: dict = {}
        for a in self.assignments:
            lv = S.LVALUES[a.state]
            if lv.field is None:
                continue  # Texture = ... (a D3D10 leftover FX11 ignores)
            v = effect._assignment_value(a, lv)
            key = (lv.field, a.index) if lv.indices > 1 else lv.field
            vals[key] = v
        return vals

    def desc(self, effect: ID3DX11Effect) -> Any:
        vals = self.values(effect)
        if self.kind == "Blend":
            d = D3D11_BLEND_DESC()
            d.AlphaToCoverageEnable = int(bool(vals.get("AlphaToCoverageEnable", 0)))
            d.IndependentBlendEnable = 1
            for i in range(8):
                rt = d.RenderTarget[i]
                for f, dv in S.DEFAULT_BLEND_TARGET.items():
                    v = vals.get((f, i), dv)
                    setattr(rt, f, (int(bool(v)) if f == "BlendEnable" else int(v) & (0xFF if f.startswith(
                        "RenderTarget") else 0xFFFFFFFF)))
            return d
        if self.kind == "DepthStencil":
            d = D3D11_DEPTH_STENCIL_DESC()
            for f, dv in S.DEFAULT_DEPTH_STENCIL.items():
                v = vals.get(f, dv)
                v = int(bool(v)) if f in ("DepthEnable", "StencilEnable") else int(v) & (
                    0xFF if f.startswith("Stencil") and f.endswith("Mask") else 0xFFFFFFFF)
                if "." in f:
                    face, sub = f.split(".")
                    setattr(getattr(d, face), sub, v)
                else:
                    setattr(d, f, v)
            return d
        if self.kind == "Rasterizer":
            d = D3D11_RASTERIZER_DESC()
            for f, dv in S.DEFAULT_RASTERIZER.items():
                v = vals.get(f, dv)
                if isinstance(dv, float):
                    v = float(v)
                elif f == "DepthBias":
                    v = struct.unpack("<i", struct.pack("<I", int(v) & 0xFFFFFFFF))[0]
                else:
                    v = int(bool(v)) if f.endswith(("Enable", "Clockwise")) else int(v)
                setattr(d, f, v)
            return d
        d = D3D11_SAMPLER_DESC()
        for f, dv in S.DEFAULT_SAMPLER.items():
            v = vals.get(f, dv)
            if f == "BorderColor":
                d.BorderColor = [float(x) for x in v]
            else:
                setattr(d, f, float(v) if isinstance(dv, float) else int(v))
        return d

    def d3d_object(self, effect: ID3DX11Effect) -> Any:
        if self.user is not None:
            return self.user
        d = self.desc(effect)
        from ..headers._struct import struct_key

        key = struct_key(d)
        obj = self._cache.get(key)
        if obj is None:
            dev = effect._device
            create = {"Blend": dev.CreateBlendState, "DepthStencil": dev.CreateDepthStencilState,
                      "Rasterizer": dev.CreateRasterizerState, "Sampler": dev.CreateSamplerState}[self.kind]
            obj = self._cache[key] = create(d)
        return obj


class EffectCB:
    """A constant buffer's CPU backing store and its D3D buffers, uploaded at Apply when dirty: a constant
    buffer, and for a tbuffer also a shader-resource buffer (a shader may read a tbuffer through either,
    as its reflection says)."""

    def __init__(self, effect: ID3DX11Effect, model: M.FxConstantBuffer) -> None:
        self.model = model
        self.data = bytearray(model.size)
        self._stale = {"cb": True, "srv": True}
        self.user_buffer = None
        self.user_srv = None
        self._buffers: dict[str, Any] = {}
        self._srv = None
        store = _Store(self.data, self)
        self.variables: list[ID3DX11EffectVariable] = []
        for v in model.variables:
            if v.default is not None:
                raw = unpack_default(v.type, v.default)
                self.data[v.offset:v.offset + min(len(raw), v.type.total_size)] = raw[:v.type.total_size]
            self.variables.append(make_variable(effect, v.name, v.type, semantic=v.semantic, store=store,
                                                offset=v.offset, cb=self,
                                                annotations=annotation_variables(effect, v.annotations),
                                                bind_point=v.offset if v.flags & 4 else 0xFFFFFFFF))
        self.variable = ID3DX11EffectConstantBuffer(effect, model.name, M.FxType(
            "cbuffer" if not model.flags & 1 else "tbuffer", M.EVT_Object, object_type=M.EOT["ConstantBuffer"]),
            annotations=annotation_variables(effect, model.annotations), bind_point=model.bind_point, cb=self)

    @property
    def dirty(self) -> bool:
        return any(self._stale.values())

    @dirty.setter
    def dirty(self, value: bool) -> None:
        if value:
            self._stale = {"cb": True, "srv": True}

    def buffer(self, effect: ID3DX11Effect, kind: str = "cb") -> Any:
        b = self._buffers.get(kind)
        if b is None:
            bind = _BIND_CONSTANT_BUFFER if kind == "cb" else _BIND_SHADER_RESOURCE
            b = self._buffers[kind] = effect._device.CreateBuffer(
                D3D11_BUFFER_DESC(ByteWidth=self.model.size, Usage=_USAGE_DEFAULT, BindFlags=bind), None)
        return b

    def srv(self, effect: ID3DX11Effect) -> Any:
        if self._srv is None:
            d = D3D11_SHADER_RESOURCE_VIEW_DESC(Format=_R32G32B32A32_UINT, ViewDimension=_SRV_DIMENSION_BUFFER)
            d.Buffer.FirstElement, d.Buffer.NumElements = 0, self.model.size // 16
            self._srv = effect._device.CreateShaderResourceView(self.buffer(effect, "srv"), d)
        return self._srv

    def update(self, effect: ID3DX11Effect, context: Any, kind: str = "cb") -> None:
        if self._stale[kind]:
            context.UpdateSubresource(self.buffer(effect, kind), 0, None, bytes(self.data), 0, 0)
            self._stale[kind] = False

    def bound_buffer(self, effect: ID3DX11Effect, context: Any) -> Any:
        if self.user_buffer is not None:
            return self.user_buffer
        self.update(effect, context, "cb")
        return self.buffer(effect, "cb")

    def bound_srv(self, effect: ID3DX11Effect, context: Any) -> Any:
        if self.user_srv is not None:
            return self.user_srv
        self.update(effect, context, "srv")
        return self.srv(effect)


# --- passes, techniques, groups -----------------------------------------------------------------------------
class ID3DX11EffectPass:
    def __init__(self, effect: ID3DX11Effect | None = None, model: M.FxPass | None = None,
                 valid: bool = True) -> None:
        self._effect, self._model, self._valid = effect, model, valid and model is not None
        self._annotations = annotation_variables(effect, model.annotations) if self._valid else []
        self._inline: dict[int, ShaderBlock] = {}
        if self._valid:
            for i, a in enumerate(model.assignments):
                lv = S.LVALUES[a.state]
                if a.kind in (M.ECAT_InlineShader, M.ECAT_InlineShader5):
                    block = ShaderBlock(effect, a.value, _STAGE_OF_STATE[lv.name], True)
                    self._inline[i] = block
                    effect._anonymous.append(block)

    def IsValid(self) -> bool:  # noqa: N802
        """False for the invalid pass, and for a pass whose shaders the device could not create (FX11's
        InitiallyValid)."""
        if not self._valid:
            return False
        st = self._resolve()
        return all(st[k][0] is None or st[k][0].valid for k in _STAGES if st.get(k) is not None)

    def _check(self, method: str) -> None:
        if not self._valid:
            raise _fail(f"ID3DX11EffectPass::{method}", "invalid pass")

    def _resolve(self) -> dict:
        """The pass's backing store after its assignments (FX11 SPassBlock: zero-initialised)."""
        st: dict = {"BlendFactor": [0.0, 0.0, 0.0, 0.0], "SampleMask": 0, "StencilRef": 0, "RTV": {}}
        eff = self._effect
        for i, a in enumerate(self._model.assignments):
            lv = S.LVALUES[a.state]
            name = lv.name
            if i in self._inline:
                st[_STAGE_OF_STATE[name]] = (self._inline[i], None, 0)
                continue
            if name in _STAGE_OF_STATE:
                st[_STAGE_OF_STATE[name]] = eff._object_ref(a, "shader")
            elif name in ("BlendState", "DepthStencilState", "RasterizerState"):
                st[name] = eff._object_ref(a, "state")
            elif name == "RenderTargetView":
                st["RTV"][a.index] = eff._object_ref(a, "view")
            elif name == "DepthStencilView":
                st["DSV"] = eff._object_ref(a, "view")
            elif name == "AB_BlendFactor":
                st["BlendFactor"] = [float(x) for x in eff._assignment_value(a, lv, raw_list=True)]
            elif name == "AB_SampleMask":
                st["SampleMask"] = int(eff._assignment_value(a, lv)) & 0xFFFFFFFF
            elif name == "DS_StencilRef":
                st["StencilRef"] = int(eff._assignment_value(a, lv)) & 0xFFFFFFFF
            # GenerateMips: in FX11's state table but never executed by its runtime (no GenerateMips call in
            # Apply), so a pass's GenerateMips assignment does nothing here either
        return st

    def GetDesc(self) -> D3DX11_PASS_DESC:  # noqa: N802
        self._check("GetDesc")
        st = self._resolve()
        sig = None
        for stage in ("VS", "GS"):
            ref = st.get(stage)
            if ref is not None and ref[0] is not None and ref[0].input_signature is not None:
                sig = ref[0].input_signature
                break
        return D3DX11_PASS_DESC(self._model.name, len(self._annotations), sig, len(sig) if sig else 0,
                                st["StencilRef"], st["SampleMask"], st["BlendFactor"])

    def _shader_desc(self, stage: str) -> D3DX11_PASS_SHADER_DESC:
        self._check(f"Get{stage}ShaderDesc")
        ref = self._resolve().get(stage)
        if ref is None:
            return D3DX11_PASS_SHADER_DESC(invalid(ID3DX11EffectShaderVariable), 0)
        block, var, idx = ref
        if var is None:
            var = ID3DX11EffectShaderVariable(self._effect, "$Anonymous", M.FxType(
                "$Anonymous", M.EVT_Object, object_type=M.EOT["VertexShader5"]), slots=[block])
        return D3DX11_PASS_SHADER_DESC(var, idx)

    def GetVertexShaderDesc(self) -> D3DX11_PASS_SHADER_DESC:  # noqa: N802
        return self._shader_desc("VS")

    def GetGeometryShaderDesc(self) -> D3DX11_PASS_SHADER_DESC:  # noqa: N802
        return self._shader_desc("GS")

    def GetPixelShaderDesc(self) -> D3DX11_PASS_SHADER_DESC:  # noqa: N802
        return self._shader_desc("PS")

    def GetHullShaderDesc(self) -> D3DX11_PASS_SHADER_DESC:  # noqa: N802
        return self._shader_desc("HS")

    def GetDomainShaderDesc(self) -> D3DX11_PASS_SHADER_DESC:  # noqa: N802
        return self._shader_desc("DS")

    def GetComputeShaderDesc(self) -> D3DX11_PASS_SHADER_DESC:  # noqa: N802
        return self._shader_desc("CS")

    def GetAnnotationByIndex(self, Index: int) -> ID3DX11EffectVariable:  # noqa: N802,N803
        return self._annotations[Index] if 0 <= Index < len(self._annotations) else invalid(ID3DX11EffectVariable)

    def GetAnnotationByName(self, Name: str) -> ID3DX11EffectVariable:  # noqa: N802,N803
        return next((a for a in self._annotations if a._name == Name), invalid(ID3DX11EffectVariable))

    def Apply(self, Flags: int, pContext: Any) -> None:  # noqa: N802,N803
        """Set the pass's states and shaders (with their resources) on ``pContext`` (FX11 ApplyPassBlock)."""
        self._check("Apply")
        if pContext is None:
            raise _badarg("ID3DX11EffectPass::Apply", "pContext is NULL")
        if Flags != 0:
            raise _badarg("ID3DX11EffectPass::Apply", "Flags must be 0")
        eff = self._effect
        st = self._resolve()
        if "BlendState" in st:
            blk = st["BlendState"]
            pContext.OMSetBlendState(blk.d3d_object(eff) if blk is not None else None, st["BlendFactor"],
                                     st["SampleMask"])
        if "DepthStencilState" in st:
            blk = st["DepthStencilState"]
            pContext.OMSetDepthStencilState(blk.d3d_object(eff) if blk is not None else None, st["StencilRef"])
        if "RasterizerState" in st:
            blk = st["RasterizerState"]
            pContext.RSSetState(blk.d3d_object(eff) if blk is not None else None)
        if st["RTV"].get(0) is not None:
            n = max(st["RTV"]) + 1
            rtvs = [st["RTV"].get(i) for i in range(n)]
            pContext.OMSetRenderTargets(n, rtvs, st.get("DSV"))
        for stage in ("VS", "PS", "GS", "HS", "DS", "CS"):
            if stage in st:
                ref = st[stage]
                eff._apply_shader(pContext, stage, ref[0] if ref is not None else None)

    def ComputeStateBlockMask(self, pStateBlockMask: Any = None) -> Any:  # noqa: N802,N803
        raise NotSupportedError("Effects 11: D3DX11_STATE_BLOCK_MASK (ComputeStateBlockMask)")


class ID3DX11EffectTechnique:
    def __init__(self, effect: ID3DX11Effect | None = None, model: M.FxTechnique | None = None,
                 valid: bool = True) -> None:
        self._effect, self._model = effect, model
        self._valid = valid and model is not None
        self._passes = [ID3DX11EffectPass(effect, p) for p in model.passes] if self._valid else []
        self._annotations = annotation_variables(effect, model.annotations) if self._valid else []

    def IsValid(self) -> bool:  # noqa: N802
        return self._valid and all(p.IsValid() for p in self._passes)

    def GetDesc(self) -> D3DX11_TECHNIQUE_DESC:  # noqa: N802
        if not self._valid:
            raise _fail("ID3DX11EffectTechnique::GetDesc", "invalid technique")
        return D3DX11_TECHNIQUE_DESC(self._model.name, len(self._passes), len(self._annotations))

    def GetPassByIndex(self, Index: int) -> ID3DX11EffectPass:  # noqa: N802,N803
        return self._passes[Index] if 0 <= Index < len(self._passes) else _INVALID_PASS

    def GetPassByName(self, Name: str) -> ID3DX11EffectPass:  # noqa: N802,N803
        return next((p for p in self._passes if p._model.name == Name), _INVALID_PASS)

    def GetAnnotationByIndex(self, Index: int) -> ID3DX11EffectVariable:  # noqa: N802,N803
        return self._annotations[Index] if 0 <= Index < len(self._annotations) else invalid(ID3DX11EffectVariable)

    def GetAnnotationByName(self, Name: str) -> ID3DX11EffectVariable:  # noqa: N802,N803
        return next((a for a in self._annotations if a._name == Name), invalid(ID3DX11EffectVariable))

    def ComputeStateBlockMask(self, pStateBlockMask: Any = None) -> Any:  # noqa: N802,N803
        raise NotSupportedError("Effects 11: D3DX11_STATE_BLOCK_MASK (ComputeStateBlockMask)")


class ID3DX11EffectGroup:
    def __init__(self, effect: ID3DX11Effect | None = None, model: M.FxGroup | None = None,
                 techniques: list | None = None, valid: bool = True) -> None:
        self._effect, self._model = effect, model
        self._valid = valid and model is not None
        self._techniques = techniques or []
        self._annotations = annotation_variables(effect, model.annotations) if self._valid else []

    def IsValid(self) -> bool:  # noqa: N802
        return self._valid and all(t.IsValid() for t in self._techniques)

    def GetDesc(self) -> D3DX11_GROUP_DESC:  # noqa: N802
        if not self._valid:
            raise _fail("ID3DX11EffectGroup::GetDesc", "invalid group")
        return D3DX11_GROUP_DESC(self._model.name, len(self._techniques), len(self._annotations))

    def GetTechniqueByIndex(self, Index: int) -> ID3DX11EffectTechnique:  # noqa: N802,N803
        return self._techniques[Index] if 0 <= Index < len(self._techniques) else _INVALID_TECHNIQUE

    def GetTechniqueByName(self, Name: str) -> ID3DX11EffectTechnique:  # noqa: N802,N803
        return next((t for t in self._techniques if t._model.name == Name), _INVALID_TECHNIQUE)

    def GetAnnotationByIndex(self, Index: int) -> ID3DX11EffectVariable:  # noqa: N802,N803
        return self._annotations[Index] if 0 <= Index < len(self._annotations) else invalid(ID3DX11EffectVariable)

    def GetAnnotationByName(self, Name: str) -> ID3DX11EffectVariable:  # noqa: N802,N803
        return next((a for a in self._annotations if a._name == Name), invalid(ID3DX11EffectVariable))


_INVALID_PASS = ID3DX11EffectPass(valid=False)
_INVALID_TECHNIQUE = ID3DX11EffectTechnique(valid=False)
_INVALID_GROUP = ID3DX11EffectGroup(valid=False)


# --- the effect ---------------------------------------------------------------------------------------------
class ID3DX11Effect:
    """An effect bound to a device (D3DX11CreateEffectFromMemory)."""

    def __init__(self, device: Any, model: M.FxEffect, binary: bytes = b"") -> None:
        self._device, self._model, self._binary = device, model, binary
        # FX11 BindToDevice creates one for every effect; pyd3d11's device refuses a class linkage below feature
        # level 11_0, where shaders take none anyway (dynamic linkage is shader model 5)
        self._linkage = device.CreateClassLinkage() if device.GetFeatureLevel() >= 0xB000 else None
        self._class_instances: dict[tuple[str, int], Any] = {}
        self._anonymous: list[ShaderBlock] = []
        self._slots: dict[str, list] = {}
        self._cbs = [EffectCB(self, cb) for cb in model.cbuffers]
        self._variables: list[ID3DX11EffectVariable] = [v for cb in self._cbs for v in cb.variables]
        self._numeric = {v._name: v for v in self._variables}
        self._objects: dict[str, ID3DX11EffectVariable] = {}
        for o in model.objects:
            n = max(1, o.type.elements)
            eot = o.type.object_type
            if eot in M.STATE_EOTS:
                slots: list = [StateBlock(M.STATE_EOTS[eot], blk) for blk in o.blocks]
            elif eot in M.SHADER_EOTS:
                stage = _STAGE_OF_EOT[M.EOT_NAME[eot]]
                slots = [ShaderBlock(self, sh, stage, False) for sh in o.shaders]
            elif eot == M.EOT["String"]:
                slots = list(o.strings)
            else:
                slots = [None] * n
            self._slots[o.name] = slots
            var = make_variable(self, o.name, o.type, semantic=o.semantic, slots=slots,
                                annotations=annotation_variables(self, o.annotations), bind_point=o.bind_point,
                                flags=4 if o.bind_point != 0xFFFFFFFF else 0)
            self._objects[o.name] = var
            self._variables.append(var)
        self._interfaces: dict[str, ID3DX11EffectVariable] = {}
        for iv in model.interfaces:
            slots = [None] * max(1, iv.type.elements)
            self._slots[iv.name] = slots
            var = make_variable(self, iv.name, iv.type, slots=slots,
                                annotations=annotation_variables(self, iv.annotations))
            self._interfaces[iv.name] = var
            self._variables.append(var)
        for iv in model.interfaces:  # initialisers name class instance variables (or their elements)
            for i, (name, index) in enumerate(iv.defaults or []):
                ci = self._numeric.get(name)
                if ci is not None and index != 0xFFFFFFFF:
                    ci = ci.GetElement(index)
                self._slots[iv.name][i] = ci.AsClassInstance() if ci is not None and ci.AsClassInstance(
                ).IsValid() else None
        self._groups: list[ID3DX11EffectGroup] = []
        self._techniques: list[ID3DX11EffectTechnique] = []
        for g in model.groups:
            techs = [ID3DX11EffectTechnique(self, t) for t in g.techniques]
            self._techniques += techs
            self._groups.append(ID3DX11EffectGroup(self, g, techs))
        self._optimized = False

    # --- lookups ----------------------------------------------------------------------------------------
    def IsValid(self) -> bool:  # noqa: N802
        return True

    def GetDevice(self) -> Any:  # noqa: N802
        return self._device

    def GetDesc(self) -> D3DX11_EFFECT_DESC:  # noqa: N802
        # FX11's m_InterfaceCount: the interface variables' elements plus the background interfaces its loader
        # creates for class instances bound to shader interface parameters (BindInterfaces)
        n_iface = sum(len(s) for n, s in self._slots.items() if n in self._interfaces)
        blocks = list(self._anonymous) + [b for s in self._slots.values() for b in s if isinstance(b, ShaderBlock)]
        n_iface += sum(1 for b in blocks for _first, tg in b.interface_deps(self) for t in tg if t[0] == "ci")
        return D3DX11_EFFECT_DESC(len(self._cbs), len(self._variables), n_iface, len(self._techniques),
                                  len(self._groups))

    def GetConstantBufferByIndex(self, Index: int) -> ID3DX11EffectConstantBuffer:  # noqa: N802,N803
        return self._cbs[Index].variable if 0 <= Index < len(self._cbs) else invalid(ID3DX11EffectConstantBuffer)

    def GetConstantBufferByName(self, Name: str) -> ID3DX11EffectConstantBuffer:  # noqa: N802,N803
        if self._optimized:  # FX11: name lookups fail once the reflection data is discarded
            return invalid(ID3DX11EffectConstantBuffer)
        return next((cb.variable for cb in self._cbs if cb.model.name == Name),
                    invalid(ID3DX11EffectConstantBuffer))

    def GetVariableByIndex(self, Index: int) -> ID3DX11EffectVariable:  # noqa: N802,N803
        return self._variables[Index] if 0 <= Index < len(self._variables) else invalid(ID3DX11EffectVariable)

    def GetVariableByName(self, Name: str) -> ID3DX11EffectVariable:  # noqa: N802,N803
        if self._optimized:  # FX11: name lookups fail once the reflection data is discarded
            return invalid(ID3DX11EffectVariable)
        return next((v for v in self._variables if v._name == Name), invalid(ID3DX11EffectVariable))

    def GetVariableBySemantic(self, Semantic: str) -> ID3DX11EffectVariable:  # noqa: N802,N803
        if self._optimized:  # FX11: name lookups fail once the reflection data is discarded
            return invalid(ID3DX11EffectVariable)
        s = str(Semantic).lower()
        return next((v for v in self._variables if v._semantic is not None and v._semantic.lower() == s),
                    invalid(ID3DX11EffectVariable))

    def GetGroupByIndex(self, Index: int) -> ID3DX11EffectGroup:  # noqa: N802,N803
        return self._groups[Index] if 0 <= Index < len(self._groups) else _INVALID_GROUP

    def GetGroupByName(self, Name: str) -> ID3DX11EffectGroup:  # noqa: N802,N803
        if self._optimized:  # FX11: name lookups fail once the reflection data is discarded
            return _INVALID_GROUP
        return next((g for g in self._groups if g._model.name == Name), _INVALID_GROUP)

    def GetTechniqueByIndex(self, Index: int) -> ID3DX11EffectTechnique:  # noqa: N802,N803
        return self._techniques[Index] if 0 <= Index < len(self._techniques) else _INVALID_TECHNIQUE

    def GetTechniqueByName(self, Name: str) -> ID3DX11EffectTechnique:  # noqa: N802,N803
        """``"Tech"`` or ``"Group|Tech"`` (FX11 accepts a group-qualified name)."""
        if self._optimized:
            return _INVALID_TECHNIQUE
        if "|" in str(Name):
            gname, tname = str(Name).split("|", 1)
            return self.GetGroupByName(gname).GetTechniqueByName(tname)
        return next((t for t in self._techniques if t._model.name == Name), _INVALID_TECHNIQUE)

    def GetClassLinkage(self) -> Any:  # noqa: N802
        """The ID3D11ClassLinkage the effect's shaders are created with (feature level 11_0 and up; None
        below)."""
        if self._linkage is not None:
            self._linkage.AddRef()
        return self._linkage

    # --- dynamic linkage (class instances and interface variables) -------------------------------------------
    def _class_instance(self, name: str, element: int, t: M.FxType) -> Any:
        """The ID3D11ClassInstance of a class instance variable's element (FX11 BindToDevice: GetClassInstance
        by name and index; a class without data is left out of the shaders by the compiler, so it is
        created from its type name)."""
        key = (name, element)
        if self._linkage is None:
            return None
        if key not in self._class_instances:
            try:
                if t.total_size > 0:
                    inst = self._linkage.GetClassInstance(name, element)
                else:
                    inst = self._linkage.CreateClassInstance(t.name, 0, 0, 0, 0)
            except D3D11Error:
                inst = None  # FX11 ignores GetClassInstance failures
            self._class_instances[key] = inst
        return self._class_instances[key]

    def _interface_targets(self, name: str, index: int, size: int) -> list:
        """What ``size`` interface slots bound to variable ``name`` (element ``index``, or the whole variable
        when 0xFFFFFFFF) resolve to (FX11 EffectLoad: interface variables directly, class instances through
        background interfaces)."""
        iv = self._interfaces.get(name)
        if iv is not None:
            slots = self._slots[name]
            first = 0 if index == 0xFFFFFFFF else index
            return [("iface", slots, first + j) for j in range(size) if first + j < len(slots)]
        var = self._numeric.get(name)
        ci = var.AsClassInstance() if var is not None else None
        if ci is None or not ci.IsValid():
            raise _fail("D3DX11CreateEffectFromMemory", f"interface binding '{name}' is neither an interface nor "
                        "a class instance variable")
        if index != 0xFFFFFFFF:
            return [("ci", var.GetElement(index).AsClassInstance())]
        if var._t.elements:
            return [("ci", var.GetElement(j).AsClassInstance()) for j in range(size)]
        return [("ci", ci)]

    def Optimize(self) -> None:  # noqa: N802
        """FX11 discards the reflection data: afterwards the by-name and by-semantic lookups return invalid
        objects; interfaces obtained before keep working."""
        self._optimized = True

    def IsOptimized(self) -> bool:  # noqa: N802
        return self._optimized

    def CloneEffect(self, Flags: int = 0) -> ID3DX11Effect:  # noqa: N802,N803
        """A new effect of the same binary whose variables start with this one's current values."""
        clone = ID3DX11Effect(self._device, copy.deepcopy(self._model), self._binary)
        for mine, theirs in zip(self._cbs, clone._cbs, strict=True):
            theirs.data[:] = mine.data
            theirs.dirty = True
        for name, slots in self._slots.items():
            if name in self._interfaces:  # the clone's own class instance variables
                clone._slots[name][:] = [clone._numeric[ci._name].GetElement(ci._element).AsClassInstance()
                                         if ci is not None and ci._t is not clone._numeric[ci._name]._t
                                         else clone._numeric[ci._name].AsClassInstance() if ci is not None
                                         else None for ci in slots]
            elif slots and not isinstance(slots[0], (ShaderBlock, StateBlock)):
                clone._slots[name][:] = slots
        return clone

    def Release(self) -> int:  # noqa: N802
        return 0

    def AddRef(self) -> int:  # noqa: N802
        return 1

    # --- assignment evaluation (used by passes and state blocks) ------------------------------------------
    def _assignment_value(self, a: M.FxAssignment, lv: S.LValue, raw_list: bool = False) -> Any:
        if a.kind == M.ECAT_Constant:
            vals = [v for _est, v in a.value]
        elif a.kind == M.ECAT_Variable:
            var = self._numeric.get(a.value)
            if var is None:
                raise _fail("ID3DX11EffectPass::Apply", f"variable '{a.value}' not found")
            n = var._t.rows * var._t.cols
            dst = "f" if lv.type == S.SVT_FLOAT else "i"
            vals = [var._get(16 * r + 4 * c, dst) for r in range(var._t.rows) for c in range(var._t.cols)][:n]
        elif a.kind == M.ECAT_Expression:
            # FXLVM code (fxc's ECAT_Expression): computed from the variables' current values, its result
            # already of the state's type (fxc converts inside the program); FX11 itself refuses these at load
            vals = [_fxlvm_bits_to(b, lv.type) for b in self._run_fxlvm(a.value)][:lv.cols]
        else:
            raise _fail("ID3DX11EffectPass::Apply", "invalid numeric state assignment")
        if lv.type == S.SVT_FLOAT:
            vals = [float(v) for v in vals]
        else:
            vals = [int(v) for v in vals]
        return vals if raw_list or lv.cols > 1 else vals[0]

    def _run_fxlvm(self, code: bytes) -> list[int]:
        from . import fxlvm

        key = bytes(code)
        cache = self.__dict__.setdefault("_fxlvm_programs", {})
        program = cache.get(key)
        if program is None:
            try:
                program = cache[key] = fxlvm.decode(key)
            except ValueError as exc:
                raise _fail("ID3DX11EffectPass::Apply", f"malformed FXLVM expression: {exc}") from None

        def read(name: str) -> bytes | None:
            var = self._numeric.get(name)
            if var is None:
                return None
            return bytes(var._store.data[var._offset:var._offset + var._t.total_size])

        return fxlvm.evaluate(program, fxlvm.variable_table(program, read))

    def _object_ref(self, a: M.FxAssignment, what: str) -> Any:
        """Resolve an object assignment: shaders -> (ShaderBlock | None, variable, index); states ->
        StateBlock | None; views -> the view object."""
        if a.kind == M.ECAT_Constant:
            return (None, None, 0) if what == "shader" else None
        if a.kind == M.ECAT_Variable:
            name, idx = a.value, 0
        elif a.kind == M.ECAT_ConstIndex:
            name, idx = a.value
        elif a.kind == M.ECAT_VariableIndex:
            name = a.value[0]
            iv = self._numeric.get(a.value[1])
            idx = iv._get(0, "i") if iv is not None else 0
        elif a.kind == M.ECAT_ExpressionIndex:
            name = a.value[0]
            idx = self._run_fxlvm(a.value[1])[0]
            idx = idx - (1 << 32) if idx & 0x80000000 else idx
        else:
            raise _fail("ID3DX11EffectPass::Apply", "invalid object assignment")
        slots = self._slots.get(name)
        if slots is None:
            raise _fail("ID3DX11EffectPass::Apply", f"variable '{name}' not found")
        idx = min(max(int(idx), 0), len(slots) - 1)  # FX11 clamps out-of-range variable indices
        if what == "shader":
            return slots[idx], self._objects[name], idx
        return slots[idx]

    # --- shader application ---------------------------------------------------------------------------------
    def _apply_shader(self, ctx: Any, stage: str, block: ShaderBlock | None) -> None:
        set_shader = getattr(ctx, f"{stage}SetShader")
        if block is None or block.shader is None:
            set_shader(None, None, 0)
            return
        for b in block.bindings:
            name, typ, slot, count = b.Name, b.Type, b.BindPoint, max(1, b.BindCount)
            if typ == _SIT_CBUFFER:
                cb = next((c for c in self._cbs if c.model.name == name), None)
                if cb is not None:  # an empty buffer (only data-less class instances) has no D3D buffer
                    getattr(ctx, f"{stage}SetConstantBuffers")(slot, 1, [cb.bound_buffer(self, ctx)
                                                                         if cb.model.size else None])
                continue
            if typ == _SIT_TBUFFER:
                cb = next((c for c in self._cbs if c.model.name == name), None)
                if cb is not None:
                    getattr(ctx, f"{stage}SetShaderResources")(slot, 1, [cb.bound_srv(self, ctx)])
                continue
            base, first = _split_index(name)
            slots = self._slots.get(base)
            if slots is None:
                continue
            items = slots[first:first + count]
            if typ == _SIT_SAMPLER:
                objs = [blk.d3d_object(self) if isinstance(blk, StateBlock) else None for blk in items]
                getattr(ctx, f"{stage}SetSamplers")(slot, len(objs), objs)
            elif typ in _SIT_UAVS:
                if stage == "CS":
                    ctx.CSSetUnorderedAccessViews(slot, len(items), list(items), [0xFFFFFFFF] * len(items))
                else:
                    from ..headers.d3d11_constants import D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL

                    ctx.OMSetRenderTargetsAndUnorderedAccessViews(
                        D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL, None, None, slot, len(items), list(items),
                        [0xFFFFFFFF] * len(items))
            else:
                getattr(ctx, f"{stage}SetShaderResources")(slot, len(items), list(items))
        if block.slot_count:
            instances = block.class_instances(self)
            set_shader(block.shader, instances, len(instances))
        else:
            set_shader(block.shader, None, 0)


def _fxlvm_bits_to(bits: int, svt: int) -> Any:
    """A 32-bit FXLVM result read as the state's scalar type."""
    if svt == S.SVT_FLOAT:
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    if svt == S.SVT_BOOL:
        return 1 if bits & 0xFFFFFFFF else 0
    if svt == S.SVT_INT:
        return bits - (1 << 32) if bits & 0x80000000 else bits
    return bits & 0xFFFFFFFF


def _split_index(name: str) -> tuple[str, int]:
    """RDEF names a bound element of an object array ``tex[2]``."""
    if name.endswith("]") and "[" in name:
        base, idx = name[:-1].split("[", 1)
        try:
            return base, int(idx)
        except ValueError:
            return name, 0
    return name, 0


# --- creation functions -------------------------------------------------------------------------------------
#: FX11 EffectLoad.cpp CEffectLoader::LoadAssignments, its debug text for both expression kinds
FXLVM_REFUSAL = "FXLVM Expressions (complex assignments like myVar[i*2]) are not supported in Effects11."


def _refuse_fxlvm(model: M.FxEffect) -> None:
    """E_NOTIMPL as FX11's loader gives it: LoadAssignments, run on every state block of a state-object variable
    (LoadObjectVariables) and on every pass (LoadTechnique), fails with E_NOTIMPL on the first ECAT_Expression or
    ECAT_ExpressionIndex assignment, whatever its state and the effect's target (fx_4_0, fx_4_1, fx_5_0 all load
    through it); a constant, a variable, a constant index or a variable index loads."""
    blocks = [blk for o in model.objects for blk in o.blocks]
    blocks += [p.assignments for g in model.groups for t in g.techniques for p in t.passes]
    for assignments in blocks:
        if any(a.kind in (M.ECAT_Expression, M.ECAT_ExpressionIndex) for a in assignments):
            raise error_for(E_NOTIMPL, FXLVM_REFUSAL, "D3DX11CreateEffectFromMemory")


def D3DX11CreateEffectFromMemory(pData: Any, DataLength: int | None, FXFlags: int, pDevice: Any,  # noqa: N802,N803
                                 srcName: str | None = None, *, evaluate_fxlvm: bool = False) -> ID3DX11Effect:
    """Create an effect from a compiled fx_4_0/fx_4_1/fx_5_0 binary (FX11 D3DX11CreateEffectFromMemory):
    E_INVALIDARG for no data or no device; E_FAIL for malformed data (FX11 LoadEffect); E_NOTIMPL for an effect
    with FXLVM expressions, as FX11 (:func:`_refuse_fxlvm`).

    ``evaluate_fxlvm`` (a pyd3d11 extension, off by default; no Windows API has it) loads such an effect anyway and
    evaluates its expressions at Apply as Direct3D 10's effect runtime (d3d10.dll) did -- pyd3d11 has no
    D3D10CreateEffectFromMemory to put that behaviour behind."""
    from ..shader.blob import blob_bytes

    if pData is None or pDevice is None or DataLength == 0:
        raise _badarg("D3DX11CreateEffectFromMemory", "pData, DataLength and pDevice are required")
    data = blob_bytes(pData)
    if DataLength is not None:
        data = data[:DataLength]
    if not data:
        raise _badarg("D3DX11CreateEffectFromMemory", "empty data")
    model = read_effect(data)
    if not evaluate_fxlvm:
        _refuse_fxlvm(model)
    return ID3DX11Effect(pDevice, model, data)


def D3DX11CreateEffectFromFile(pFileName: str, FXFlags: int, pDevice: Any, *,  # noqa: N802,N803
                               evaluate_fxlvm: bool = False) -> ID3DX11Effect:
    """Create an effect from a compiled effect file (a .fxo written by fxc /T fx_5_0 /Fo)."""
    if not pFileName or pDevice is None:
        raise _badarg("D3DX11CreateEffectFromFile", "pFileName and pDevice are required")
    with open(pFileName, "rb") as f:
        data = f.read()
    return D3DX11CreateEffectFromMemory(data, len(data), FXFlags, pDevice, str(pFileName),
                                        evaluate_fxlvm=evaluate_fxlvm)


def _check_child(FXFlags: int) -> None:  # noqa: N803
    from ..headers.d3dcompiler_types import D3DCOMPILE_EFFECT_CHILD_EFFECT

    if FXFlags & D3DCOMPILE_EFFECT_CHILD_EFFECT:
        raise error_for(E_NOTIMPL, "Effect pools (D3DCOMPILE_EFFECT_CHILD_EFFECT) are not supported by Effects 11",
                        "D3DX11CompileEffectFromMemory")


def D3DX11CompileEffectFromMemory(pData: Any, DataLength: int | None, srcName: str | None, pDefines: Any,  # noqa: N802,N803
                                  pInclude: Any, HLSLFlags: int, FXFlags: int, pDevice: Any,
                                  ppErrors: list | None = None, *, evaluate_fxlvm: bool = False) -> ID3DX11Effect:
    """Compile effect source for fx_5_0 (D3DCompile) and create the effect from the blob (``evaluate_fxlvm``:
    see :func:`D3DX11CreateEffectFromMemory`)."""
    from ..shader.compile_api import D3DCompile

    if pData is None or pDevice is None or DataLength == 0:
        raise _badarg("D3DX11CompileEffectFromMemory", "pData, DataLength and pDevice are required")
    _check_child(FXFlags)
    blob = D3DCompile(pData, DataLength, srcName, pDefines, pInclude, "", "fx_5_0", HLSLFlags, FXFlags, ppErrors)
    return D3DX11CreateEffectFromMemory(blob, None, FXFlags, pDevice, srcName, evaluate_fxlvm=evaluate_fxlvm)


def D3DX11CompileEffectFromFile(pFileName: str, pDefines: Any, pInclude: Any, HLSLFlags: int, FXFlags: int,  # noqa: N802,N803
                                pDevice: Any, ppErrors: list | None = None, *,
                                evaluate_fxlvm: bool = False) -> ID3DX11Effect:
    """D3DCompileFromFile for fx_5_0, then D3DX11CreateEffectFromMemory."""
    from ..shader.compile_api import D3DCompileFromFile

    if not pFileName or pDevice is None:
        raise _badarg("D3DX11CompileEffectFromFile", "pFileName and pDevice are required")
    _check_child(FXFlags)
    blob = D3DCompileFromFile(str(pFileName), pDefines, pInclude, "", "fx_5_0", HLSLFlags, FXFlags, ppErrors)
    return D3DX11CreateEffectFromMemory(blob, None, FXFlags, pDevice, str(pFileName), evaluate_fxlvm=evaluate_fxlvm)
