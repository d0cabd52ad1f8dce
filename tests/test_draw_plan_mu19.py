"""The draw plan's fingerprint (api/draw_plan.py) at the bindings session 16's hand mutations found unguarded.

The rule (draw_plan.py's docstring): a kept plan is valid only while *every* binding a draw's snapshot depends on is
the one it was made for; a binding changed alone must make the next draw build a new plan. test_draw_plan.py's
``BINDING_CASES`` changed each binding of its scene, but with the fingerprint's ``matches`` told to ignore one of
these, every test still passed (session 16, helper MU6):

* the stream-output targets and their offsets (``so_targets`` / ``so_offsets``): the scene had no stream output;
* the output merger's UAVs (``om_uavs``): the scene's pixel shader wrote none;
* a constant-buffer window's first constant alone and its size alone (``cb_first`` / ``cb_num`` dropped from
  ``STAGE_FIELDS``): the one window case changed both at once (only the field-name test failed);
* a viewport / scissor list that became shorter (``_same`` compared element pairs without the lengths): the table
  only replaced one viewport by another.

Oracle as in test_draw_plan.py: the same calls with the plan off (``draw_plan.ENABLED = False``) on the reference
backend; with the plan on (native backend where available) every draw's results must be identical, the change must
show with the plan off (else the case tests nothing), and the draw after the change must not reuse the plan. The
results compared are the render targets and, here, the stream-output and UAV buffers' bytes."""

from __future__ import annotations

import numpy as np
import pytest
from test_draw_plan import GS, PS, VS, _Scene
from test_draw_plan import _sequence as _plan_sequence

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import assemble_shader
from pyd3d11.shader import native

pytestmark = pytest.mark.backend_specific

# the position offset read from constant 16 (c16 = (0.25, 0.125) in the scene's buffer): visible only while the
# window holds at least 17 constants; constants past a window read as 0 (D3D11.1's VSSetConstantBuffers1 window)
VS16 = VS.replace("dcl_constantbuffer cb0[2]", "dcl_constantbuffer cb0[17]").replace(
    "add o0.xy, v0.xyxx, cb0[0].xyxx", "add o0.xy, v0.xyxx, cb0[16].xyxx")
# the scene's pixel shader plus a typed UAV store: every pixel writes (1, 2, 3, 4) to element 0 of u1
PS_UAV = PS.replace("ps_4_0", "ps_5_0").replace(
    "dcl_temps 1", "dcl_uav_typed_buffer (uint,uint,uint,uint) u1\ndcl_temps 1").replace(
    "ret", "store_uav_typed u1.xyzw, l(0, 0, 0, 0), l(1, 2, 3, 4)\nret")


class _ScenePlus(_Scene):
    """test_draw_plan's scene with two stream-output buffers, two UAV buffers, and the shaders that write them."""

    def __init__(self):
        super().__init__()
        dev = self.dev
        self.sos = [dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=96, BindFlags=D3D11_BIND_STREAM_OUTPUT))
                    for _ in range(2)]
        self.uav_bufs, self.uavs = [], []
        for _ in range(2):
            b = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_UNORDERED_ACCESS))
            self.uav_bufs.append(b)
            self.uavs.append(dev.CreateUnorderedAccessView(b, D3D11_UNORDERED_ACCESS_VIEW_DESC(
                Format=DXGI_FORMAT_R32_UINT, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
                Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=4))))
        gsb = assemble_shader(GS)
        # TEXCOORD0 (the GS's o1.xy) of every vertex, rasterized stream 0 (the image still shows the draw)
        decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="TEXCOORD", SemanticIndex=0, StartComponent=0,
                                           ComponentCount=2, OutputSlot=0)]
        self.gs_so = dev.CreateGeometryShaderWithStreamOutput(gsb, len(gsb), decl, 1, [8], 1, 0, None)
        vsb = assemble_shader(VS16)
        self.vs16 = dev.CreateVertexShader(vsb, len(vsb), None)
        self.ps_uav = self.pixel_shader(PS_UAV)

    def draw(self) -> bytes:
        """Zero the extra buffers, draw, return the targets' bytes and the extra buffers' bytes."""
        c = self.ctx
        for b in self.sos:
            c.UpdateSubresource(b, 0, None, np.zeros(24, np.uint32), 0, 0)
        for v in self.uavs:
            c.ClearUnorderedAccessViewUint(v, [0, 0, 0, 0])
        out = super().draw()
        for b in self.sos + self.uav_bufs:
            out += texture_to_numpy(c, b, 0).tobytes()
        return out


def _stream_output(sc, offset=0):
    sc.ctx.GSSetShader(sc.gs_so, None, 0)
    sc.ctx.SOSetTargets(1, [sc.sos[0]], [offset])


def _uav(sc, i=0):
    sc.ctx.PSSetShader(sc.ps_uav, None, 0)
    sc.ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [sc.rtv], sc.dsvs[1.0], 1, 1, [sc.uavs[i]], None)


def _window(first, num, vs16=False):
    def f(sc):
        if vs16:
            sc.ctx.VSSetShader(sc.vs16, None, 0)
        sc.ctx.VSSetConstantBuffers1(0, 1, [sc.vs_cb], [first], [num])
    return f


def _two_viewports(sc):
    sc.ctx.RSSetViewports(2, [D3D11_VIEWPORT(0, 0, 16, 16, 0, 1), D3D11_VIEWPORT(2, 3, 9, 11, 0, 1)])


def _two_scissors(sc):
    sc.ctx.RSSetScissorRects(2, [D3D11_RECT(0, 0, 12, 14), D3D11_RECT(3, 1, 12, 9)])


#: (name, prepare, change): ``change`` alters one fingerprinted binding of the state ``prepare`` left
CASES = [
    ("stream-output target", _stream_output, lambda sc: sc.ctx.SOSetTargets(1, [sc.sos[1]], [0])),
    ("stream-output offset", _stream_output, lambda sc: sc.ctx.SOSetTargets(1, [sc.sos[0]], [16])),
    ("stream-output target unbound", _stream_output, lambda sc: sc.ctx.SOSetTargets(0, None, None)),
    ("output-merger UAV", _uav,
     lambda sc: sc.ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [sc.rtv], sc.dsvs[1.0], 1, 1, [sc.uavs[1]], None)),
    ("output-merger UAV unbound", _uav,
     lambda sc: sc.ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [sc.rtv], sc.dsvs[1.0], 1, 0, None, None)),
    ("constant-buffer window: first constant alone", _window(0, 16), _window(16, 16)),
    ("constant-buffer window: constant count alone", _window(0, 32, vs16=True), _window(0, 16)),
    ("viewport list made shorter", _two_viewports, lambda sc: sc.ctx.RSSetViewports(0, None)),
    ("scissor list made shorter", _two_scissors, lambda sc: sc.ctx.RSSetScissorRects(0, None)),
]


def _sequence(enabled: bool, backend: str):
    return _plan_sequence(CASES, enabled, backend, _ScenePlus)


def test_each_binding_changed_alone_builds_a_new_plan():
    on = _sequence(True, "native" if native.available() else "reference")
    off = _sequence(False, "reference")
    for (name, before, after, hit), (_, before_off, after_off, _) in zip(on, off, strict=True):
        assert before_off != after_off, f"{name}: the change must show (else this case tests nothing)"
        assert (before, after) == (before_off, after_off), f"{name}: the plan changed the results"
        assert not hit, f"{name}: the draw after the change reused the plan"
