"""A UAV bound in a form a graphics shader's declaration cannot use drops the Draw*, with or without the debug
layer, as it drops a Dispatch (tests/test_api_uav_form_mismatch_drop.py; issue 19 item 5, "no hiding").

D3D11 leaves the results undefined when a UAV declaration meets a view of another form: a typed, raw or
structured buffer declaration (``RWBuffer`` / ``RWByteAddressBuffer`` / ``RWStructuredBuffer``) bound to a
buffer view of another kind (the debug layer's DEVICE_UNORDEREDACCESSVIEW_BUFFER_TYPE_MISMATCH), or a texture
declaration bound to a buffer view and the reverse (DIMENSION_MISMATCH). Draw is a void method: the call is
dropped and every resource left untouched (render target, UAVs). Before session 17, without the debug layer,
the first form raised E_INVALIDARG out of Draw and the second wrote the texture store into the buffer, on both
backends. The OM UAV slots are visible to every graphics stage (D3D11.3 §5.3.9, 11_1): a vertex shader's
declaration is checked the same way.

The expected outcome of each case comes from that rule (the declared and the bound form), not from the code:
same form runs (the store writes 5 at element 0), another form is dropped. The check is made once per set of
bindings (kept with the draw plan), so the state-change tests rebind views and shaders between draws and check
the second draw follows the new bindings.
"""

from __future__ import annotations

import numpy as np
import pytest

import pyd3d11.d3d11 as d
from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3dcompiler import D3DCompile

# the declaration of u1 (a pixel shader's UAV slots start after its render target, slot 0) and its store of 5
DECLS = {
    "typed": "RWBuffer<uint> u : register(u1);", "raw": "RWByteAddressBuffer u : register(u1);",
    "structured": "RWStructuredBuffer<uint> u : register(u1);", "texture": "RWTexture2D<uint> u : register(u1);",
}
STORES = {"typed": "u[0] = 5;", "raw": "u.Store(0, 5);", "structured": "u[0] = 5;",
          "texture": "u[uint2(0, 0)] = 5;"}
BUFFER_KINDS = {"typed", "raw", "structured"}
VS = ("float4 main(uint id : SV_VertexID) : SV_Position {\n"
      "    return float4(float2(id >> 1, id & 1) * 4 - 1, 0, 1); }")  # a clockwise strip over the target


def _expected_drop(decl: str, view: str) -> bool:
    """The rule: another buffer kind, or a buffer for a texture or the reverse (the views here are all 2D when
    they are textures, so a texture declaration meets a texture view of its own dimension)."""
    return decl != view


def _message(decl: str, view: str) -> str:
    if decl in BUFFER_KINDS and view in BUFFER_KINDS:
        return "DEVICE_UNORDEREDACCESSVIEW_BUFFER_TYPE_MISMATCH"
    return "DEVICE_UNORDEREDACCESSVIEW_DIMENSION_MISMATCH"


def _ps(decl: str) -> str:
    return f"{DECLS[decl]}\nfloat4 main(float4 p : SV_Position) : SV_Target {{ {STORES[decl]} return 1; }}"


def _vs_with_uav(decl: str) -> str:
    return (f"{DECLS[decl]}\nfloat4 main(uint id : SV_VertexID) : SV_Position {{ {STORES[decl]}\n"
            "    return float4(float2(id >> 1, id & 1) * 4 - 1, 0, 1); }")


class Rig:
    """A 4x4 target, the shaders, and one resource + UAV per form (each read back as its first four words)."""

    def __init__(self, debug: bool, level: int = d.D3D_FEATURE_LEVEL_11_0) -> None:
        flags = d.D3D11_CREATE_DEVICE_DEBUG if debug else 0
        self.dev, _, self.ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, flags, [level], 1,
                                                    d.D3D11_SDK_VERSION)
        self.debug = debug
        self.tex = self.dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(
            Width=4, Height=4, MipLevels=1, ArraySize=1, Format=d.DXGI_FORMAT_R8G8B8A8_UNORM,
            SampleDesc=d.DXGI_SAMPLE_DESC(Count=1), BindFlags=d.D3D11_BIND_RENDER_TARGET), None)
        self.rtv = self.dev.CreateRenderTargetView(self.tex, None)
        self.res: dict[str, object] = {}
        self.uav: dict[str, object] = {}
        for form in ("typed", "raw", "structured"):
            buf = self.dev.CreateBuffer(d.D3D11_BUFFER_DESC(
                ByteWidth=16, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS,
                MiscFlags={"typed": 0, "raw": d.D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS,
                           "structured": d.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED}[form],
                StructureByteStride=4 if form == "structured" else 0))
            fmt = {"typed": d.DXGI_FORMAT_R32_UINT, "raw": d.DXGI_FORMAT_R32_TYPELESS,
                   "structured": d.DXGI_FORMAT_UNKNOWN}[form]
            self.res[form] = buf
            self.uav[form] = self.dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
                Format=fmt, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER, Buffer=d.D3D11_BUFFER_UAV(
                    FirstElement=0, NumElements=4, Flags=d.D3D11_BUFFER_UAV_FLAG_RAW if form == "raw" else 0)))
        t = self.dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(
            Width=4, Height=1, MipLevels=1, ArraySize=1, Format=d.DXGI_FORMAT_R32_UINT,
            SampleDesc=d.DXGI_SAMPLE_DESC(Count=1), BindFlags=d.D3D11_BIND_UNORDERED_ACCESS), None)
        self.res["texture"] = t
        self.uav["texture"] = self.dev.CreateUnorderedAccessView(t, None)
        self.vs = self.shader(VS, "vs_5_0")
        self.ctx.VSSetShader(self.vs, None, 0)
        self.ctx.IASetPrimitiveTopology(d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP)
        self.ctx.RSSetViewports(1, [d.D3D11_VIEWPORT(0, 0, 4, 4, 0, 1)])
        self.ctx.ClearRenderTargetView(self.rtv, [0.25, 0.25, 0.25, 0.25])

    def shader(self, src: str, profile: str):
        code = D3DCompile(src, None, "t.hlsl", None, None, "main", profile, 0, 0)
        make = self.dev.CreateVertexShader if profile.startswith("vs") else self.dev.CreatePixelShader
        return make(code, len(code), None)

    def bind(self, view: str, ctx=None) -> None:
        (ctx or self.ctx).OMSetRenderTargetsAndUnorderedAccessViews(1, [self.rtv], None, 1, 1, [self.uav[view]],
                                                                     None)

    def words(self, form: str) -> list[int]:
        r = self.res[form]
        if form == "texture":
            return [int(x) for x in np.asarray(texture_to_numpy(self.ctx, r)).ravel()[:4]]
        st = self.dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=16, Usage=d.D3D11_USAGE_STAGING,
                                                       CPUAccessFlags=d.D3D11_CPU_ACCESS_READ))
        self.ctx.CopyResource(st, r)
        m = self.ctx.Map(st, 0, d.D3D11_MAP_READ, 0)
        out = np.frombuffer(m.pData, np.uint32)[:4].tolist()
        self.ctx.Unmap(st, 0)
        return out

    def target_texel(self) -> list[float]:
        return [round(float(x), 3) for x in np.asarray(texture_to_numpy(self.ctx, self.tex))[0, 0][:4]]

    def message_ids(self) -> list[int]:
        if not self.debug:
            return []
        q = self.dev.QueryInterface(d.ID3D11InfoQueue)
        return [q.GetMessage(i).ID for i in range(q.GetNumStoredMessages())]


CASES = [(decl, view) for decl in DECLS for view in DECLS]
CLEAR = [0.251, 0.251, 0.251, 0.251]  # 0.25 in UNORM8 (64/255)


@pytest.mark.parametrize("debug", [False, True], ids=["plain", "debug"])
@pytest.mark.parametrize("decl,view", CASES, ids=[f"{a}-decl-{b}-view" for a, b in CASES])
def test_pixel_shader_uav_form(decl: str, view: str, debug: bool) -> None:
    rig = Rig(debug)
    rig.ctx.PSSetShader(rig.shader(_ps(decl), "ps_5_0"), None, 0)
    rig.bind(view)
    rig.ctx.Draw(4, 0)  # never raises
    if _expected_drop(decl, view):
        assert rig.words(view) == [0, 0, 0, 0]
        assert rig.target_texel() == CLEAR  # the draw did not run at all
        if debug:
            assert getattr(d, f"D3D11_MESSAGE_ID_{_message(decl, view)}") in rig.message_ids()
    else:
        assert rig.words(view) == [5, 0, 0, 0]
        assert rig.target_texel() == [1.0, 1.0, 1.0, 1.0]
        assert rig.message_ids() == []


@pytest.mark.parametrize("debug", [False, True], ids=["plain", "debug"])
@pytest.mark.parametrize("decl,view,drop", [("typed", "structured", True), ("texture", "typed", True),
                                            ("structured", "structured", False)])
def test_vertex_shader_uav_form(decl: str, view: str, drop: bool, debug: bool) -> None:
    """11_1: a vertex shader's UAV declaration is checked against the OM UAV slots as a pixel shader's is."""
    rig = Rig(debug, d.D3D_FEATURE_LEVEL_11_1)
    rig.ctx.VSSetShader(rig.shader(_vs_with_uav(decl), "vs_5_0"), None, 0)
    rig.ctx.PSSetShader(rig.shader("float4 main(float4 p : SV_Position) : SV_Target { return 1; }", "ps_5_0"),
                        None, 0)
    rig.bind(view)
    rig.ctx.Draw(4, 0)
    assert rig.words(view) == ([0, 0, 0, 0] if drop else [5, 0, 0, 0])
    assert rig.target_texel() == (CLEAR if drop else [1.0, 1.0, 1.0, 1.0])


@pytest.mark.parametrize("debug", [False, True], ids=["plain", "debug"])
def test_rebinding_the_view_between_draws(debug: bool) -> None:
    """The drop follows the bound view draw by draw: fitting, then not, then fitting again (each draw is a
    new set of bindings for the kept plan)."""
    rig = Rig(debug)
    rig.ctx.PSSetShader(rig.shader(_ps("typed"), "ps_5_0"), None, 0)
    rig.bind("structured")
    rig.ctx.Draw(4, 0)
    assert rig.words("structured") == [0, 0, 0, 0] and rig.target_texel() == CLEAR
    rig.bind("typed")
    rig.ctx.Draw(4, 0)
    assert rig.words("typed") == [5, 0, 0, 0] and rig.target_texel() == [1.0, 1.0, 1.0, 1.0]
    rig.ctx.ClearRenderTargetView(rig.rtv, [0.25, 0.25, 0.25, 0.25])
    rig.bind("raw")
    rig.ctx.Draw(4, 0)
    rig.ctx.Draw(4, 0)  # the same bindings again (a kept plan)
    assert rig.words("raw") == [0, 0, 0, 0] and rig.target_texel() == CLEAR
    rig.bind("typed")
    rig.ctx.ClearUnorderedAccessViewUint(rig.uav["typed"], [0, 0, 0, 0])
    rig.ctx.Draw(4, 0)
    assert rig.words("typed") == [5, 0, 0, 0]


def test_changing_the_shader_between_draws() -> None:
    """The same view, a shader whose declaration does not fit it and then one whose does."""
    rig = Rig(False)
    rig.bind("structured")
    rig.ctx.PSSetShader(rig.shader(_ps("typed"), "ps_5_0"), None, 0)
    rig.ctx.Draw(4, 0)
    assert rig.words("structured") == [0, 0, 0, 0]
    rig.ctx.PSSetShader(rig.shader(_ps("structured"), "ps_5_0"), None, 0)
    rig.ctx.Draw(4, 0)
    assert rig.words("structured") == [5, 0, 0, 0]
    rig.ctx.PSSetShader(rig.shader(_ps("texture"), "ps_5_0"), None, 0)
    rig.ctx.ClearUnorderedAccessViewUint(rig.uav["structured"], [0, 0, 0, 0])
    rig.ctx.Draw(4, 0)
    assert rig.words("structured") == [0, 0, 0, 0]


def test_a_deferred_draw_is_dropped_too() -> None:
    rig = Rig(False)
    deferred = rig.dev.CreateDeferredContext(0)
    deferred.VSSetShader(rig.vs, None, 0)
    deferred.PSSetShader(rig.shader(_ps("texture"), "ps_5_0"), None, 0)
    deferred.IASetPrimitiveTopology(d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP)
    deferred.RSSetViewports(1, [d.D3D11_VIEWPORT(0, 0, 4, 4, 0, 1)])
    rig.bind("typed", deferred)
    deferred.Draw(4, 0)
    rig.ctx.ExecuteCommandList(deferred.FinishCommandList(False), False)
    assert rig.words("typed") == [0, 0, 0, 0] and rig.target_texel() == CLEAR
