"""Shader debugger (pyd3d11.debug): per-lane traces of HLSL shaders run through the public API.

Expected values are computed here from the shaders' arithmetic and the test's own inputs, never taken
from the tracer; pixel/UAV contents read back through the API are compared before and after debugging."""

from __future__ import annotations

import numpy as np
import pytest
from test_audit_pipeline import _compile, _rt, _setup_draw

import pyd3d11
import pyd3d11.debug as dbg
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.debug import replay, shader_trace
from pyd3d11.errors import NotSupportedError

F32 = np.float32
W, H = 8, 4


def _device():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    return dev, ctx


def _f(bits: int) -> float:
    return float(np.uint32(bits).view(F32))


# ------------------------------------------------------------------------------------------ compute
_CS = """RWByteAddressBuffer o : register(u0);
[numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { o.Store(id.x * 4, id.x * 3 + 1); }"""


def _cs_setup(dev, ctx, n=16):
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    cs = _compile(_CS, "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    return out


def _words(ctx, buf) -> np.ndarray:
    return np.asarray(pyd3d11.texture_to_numpy(ctx, buf)).view(np.uint32).copy()


def test_compute_thread_trace_shows_x_times_3_plus_1():
    dev, ctx = _device()
    out = _cs_setup(dev, ctx)
    dbg.enable_capture(ctx)
    ctx.Dispatch(2, 1, 1)
    real = _words(ctx, out)
    assert real.tolist() == [i * 3 + 1 for i in range(16)]
    for tid in (5, 13):  # group 0 and group 1
        tr = dbg.debug_thread(ctx, tid)
        assert tr.invocation["thread"] == (tid, 0, 0)
        assert tr.invocation["group"] == (tid // 8, 0, 0)
        stores = [s for s in tr.steps if s.memory]
        assert len(stores) == 1 and stores[0].opcode == "store_raw"
        m = stores[0].memory[0]
        assert (m.target, m.address, m.values) == ("u0", (tid * 4,), (tid * 3 + 1,))
        # the register feeding the store was written earlier with the same value
        written = [w for s in tr.steps for w in s.writes]
        assert written[-1].as_uint == tid * 3 + 1
        assert all(s.state == "active" for s in tr.steps)
        assert tr.steps[-1].opcode == "ret"
        assert f"= {tid * 3 + 1} (0x{tid * 3 + 1:08x}" in tr.format()
    # replaying on copies left the real UAV alone
    assert _words(ctx, out).tolist() == real.tolist()
    assert dbg.debug_thread(ctx, 16) is None  # no such thread in Dispatch(2, 1, 1)


def test_capture_depth_and_selection():
    dev, ctx = _device()
    _cs_setup(dev, ctx)
    dbg.enable_capture(ctx, depth=2)
    ctx.Dispatch(1, 1, 1)
    ctx.Dispatch(2, 1, 1)
    ctx.Dispatch(1, 1, 1)  # depth 2: the first one falls out
    assert len(replay._capture(ctx).dispatches) == 2
    assert dbg.debug_thread(ctx, 9, dispatch=-2) is not None  # Dispatch(2,1,1) has thread 9
    assert dbg.debug_thread(ctx, 9, dispatch=-1) is None
    with pytest.raises(LookupError):
        dbg.debug_thread(ctx, 0, dispatch=-3)
    dbg.disable_capture(ctx)
    with pytest.raises(LookupError):
        dbg.debug_thread(ctx, 0)


_CS_INC = """RWByteAddressBuffer o : register(u0);
[numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { o.Store(id.x * 4, o.Load(id.x * 4) * 2 + 1); }"""


def test_capture_snapshot_is_taken_before_the_dispatch():
    """Replaying the second of two read-modify-write dispatches sees the UAV as the first one left it."""
    dev, ctx = _device()
    out = _cs_setup(dev, ctx, 4)
    cs = _compile(_CS_INC, "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    dbg.enable_capture(ctx)
    ctx.Dispatch(1, 1, 1)  # 0 -> 1
    ctx.Dispatch(1, 1, 1)  # 1 -> 3
    assert _words(ctx, out).tolist() == [3, 3, 3, 3]
    first, second = dbg.debug_thread(ctx, 2, dispatch=0), dbg.debug_thread(ctx, 2)
    assert [s.memory[0].values for s in first.steps if s.memory] == [(1,)]
    assert [s.memory[0].values for s in second.steps if s.memory] == [(3,)]
    assert _words(ctx, out).tolist() == [3, 3, 3, 3]


def test_untraced_runs_never_call_the_tracer(monkeypatch):
    def boom(*a, **k):
        raise AssertionError("tracer used on a normal run")

    monkeypatch.setattr(shader_trace, "trace_execute", boom)
    monkeypatch.setattr(replay, "trace_execute", boom)
    monkeypatch.setattr(replay, "trace_program", boom)
    dev, ctx = _device()
    out = _cs_setup(dev, ctx)
    ctx.Dispatch(2, 1, 1)
    assert _words(ctx, out).tolist() == [i * 3 + 1 for i in range(16)]
    dbg.enable_capture(ctx)  # capturing alone does not trace either
    ctx.Dispatch(2, 1, 1)
    tex, rtv = _draw(dev, ctx, _PS_BRANCH)
    img = pyd3d11.texture_to_numpy(ctx, tex)
    assert img[0, 0].tolist() == _branch_expected(0, 0)
    with pytest.raises(AssertionError, match="tracer used"):
        dbg.debug_thread(ctx, 1)


def test_deferred_context_capture_is_not_supported():
    dev, _ = _device()
    deferred = dev.CreateDeferredContext(0)
    with pytest.raises(NotSupportedError):
        dbg.enable_capture(deferred)


# ------------------------------------------------------------------------------------------ graphics
_VS = """float4 main(uint id : SV_VertexID) : SV_Position {
    float2 p = float2(id == 1 ? 3.0 : -1.0, id == 2 ? -3.0 : 1.0);
    return float4(p * 1.0, 0.0, 1.0);
}"""

_PS_BRANCH = """float4 main(float4 pos : SV_Position) : SV_Target {
    float4 c;
    if (pos.x < 3.0) { c = float4(pos.x * 2.0, 1.0, 0.0, 1.0); }
    else { c = float4(pos.y + 0.25, 0.0, 1.0, 1.0); }
    return c;
}"""


def _branch_expected(x: int, y: int) -> list[float]:
    px, py = F32(x + 0.5), F32(y + 0.5)
    if px < 3:
        return [float(px * F32(2)), 1.0, 0.0, 1.0]
    return [float(py + F32(0.25)), 0.0, 1.0, 1.0]


def _draw(dev, ctx, ps_src: str, srvs=(), samplers=()):
    tex, rtv = _rt(dev, ctx, W, H)
    _setup_draw(dev, ctx, [rtv], W, H, _VS, ps_src, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    if srvs:
        ctx.PSSetShaderResources(0, len(srvs), list(srvs))
    if samplers:
        ctx.PSSetSamplers(0, len(samplers), list(samplers))
    ctx.Draw(3, 0)
    return tex, rtv


def _arm_ranges(program) -> tuple[range, range]:
    """Instruction indices of the then-arm and else-arm of the (single) if in ``program``."""
    ops = [i.opcode for i in program.instructions]
    from pyd3d11.shader.ir import Opcode

    i_if, i_else, i_end = ops.index(Opcode.IF), ops.index(Opcode.ELSE), ops.index(Opcode.ENDIF)
    return range(i_if + 1, i_else), range(i_else + 1, i_end)


def test_debug_pixel_branch_skips_the_untaken_arm_and_leaves_targets_alone():
    dev, ctx = _device()
    dbg.enable_capture(ctx)
    tex, rtv = _draw(dev, ctx, _PS_BRANCH)
    before = np.array(pyd3d11.texture_to_numpy(ctx, tex))
    assert before[1, 1].tolist() == _branch_expected(1, 1)
    for x, y, taken in ((1, 1, 0), (6, 2, 1)):
        tr = dbg.debug_pixel(ctx, x, y)
        assert tr.invocation["pixel"] == (x, y)
        then_arm, else_arm = _arm_ranges(tr.program)
        skipped = else_arm if taken == 0 else then_arm
        ran = then_arm if taken == 0 else else_arm
        active = {s.instruction_index for s in tr.steps if s.state == "active"}
        assert not active & set(skipped)
        assert set(ran) <= active
        want = _branch_expected(x, y)
        got = [_f(tr.final(f"o0.{c}").bits) for c in "xyzw"]
        assert got == want
        assert got == before[y, x].tolist()  # the trace agrees with the real render
    after = np.array(pyd3d11.texture_to_numpy(ctx, tex))
    assert (after == before).all()


def test_debug_pixel_sees_the_targets_as_they_were_at_draw_time():
    dev, ctx = _device()
    dbg.enable_capture(ctx)
    tex, rtv = _draw(dev, ctx, _PS_BRANCH)
    ctx.ClearRenderTargetView(rtv, [9, 9, 9, 9])  # later work does not change the captured draw
    tr = dbg.debug_pixel(ctx, 0, 3)
    assert [_f(tr.final(f"o0.{c}").bits) for c in "xyzw"] == _branch_expected(0, 3)
    assert np.array(pyd3d11.texture_to_numpy(ctx, tex))[3, 0].tolist() == [9, 9, 9, 9]
    assert dbg.debug_pixel(ctx, W + 5, 0) is None  # outside the target: no invocation


_PS_LOOP = """float4 main(float4 pos : SV_Position) : SV_Target {
    float acc = 0.0;
    int n = (int)pos.x;
    for (int i = 0; i < n; i++) { acc += pos.y; }
    return float4(acc, (float)n, 0.0, 1.0);
}"""


def test_loop_body_runs_once_per_iteration():
    dev, ctx = _device()
    dbg.enable_capture(ctx)
    tex, _ = _draw(dev, ctx, _PS_LOOP)
    img = np.array(pyd3d11.texture_to_numpy(ctx, tex))
    from pyd3d11.shader.ir import Opcode

    for x, y in ((0, 0), (3, 1), (7, 2)):
        tr = dbg.debug_pixel(ctx, x, y)
        prog = tr.program
        i_loop = [i.opcode for i in prog.instructions].index(Opcode.LOOP)
        i_end = [i.opcode for i in prog.instructions].index(Opcode.ENDLOOP)
        # the float accumulate (add) inside the loop body runs exactly n = x times
        body_add = [k for k in range(i_loop, i_end) if prog.instructions[k].opcode == Opcode.ADD]
        assert len(body_add) == 1
        assert len(tr.steps_at(body_add[0])) == x
        acc = F32(0)
        for _ in range(x):
            acc = F32(acc + F32(y + 0.5))
        assert _f(tr.final("o0.x").bits) == float(acc) == img[y, x, 0]
        assert len(tr.steps_at(i_loop)) == 1


_PS_TEX = """Texture2D<float4> t : register(t0);
SamplerState s : register(s0);
float4 main(float4 pos : SV_Position) : SV_Target {
    return t.Sample(s, pos.xy / float2(8.0, 4.0)) * 2.0;
}"""


def test_debug_pixel_on_a_textured_quad_shows_the_sampled_texel():
    dev, ctx = _device()
    rng = np.random.default_rng(7)
    texels = rng.integers(0, 64, (H, W, 4)).astype(F32) / F32(8)
    src = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
        [D3D11_SUBRESOURCE_DATA(pSysMem=np.ascontiguousarray(texels), SysMemPitch=W * 16)])
    srv = dev.CreateShaderResourceView(src, None)
    smp = dev.CreateSamplerState(D3D11_SAMPLER_DESC(
        Filter=D3D11_FILTER_MIN_MAG_MIP_POINT, AddressU=D3D11_TEXTURE_ADDRESS_CLAMP,
        AddressV=D3D11_TEXTURE_ADDRESS_CLAMP, AddressW=D3D11_TEXTURE_ADDRESS_CLAMP, MaxLOD=3.4e38))
    dbg.enable_capture(ctx)
    tex, _ = _draw(dev, ctx, _PS_TEX, [srv], [smp])
    img = np.array(pyd3d11.texture_to_numpy(ctx, tex))
    for x, y in ((2, 1), (5, 3)):
        tr = dbg.debug_pixel(ctx, x, y)
        samples = [s for s in tr.steps if s.opcode.startswith("sample")]
        assert len(samples) == 1
        got = [w.as_float for w in samples[0].writes]
        assert got == texels[y, x].tolist()
        assert img[y, x].tolist() == (texels[y, x] * F32(2)).tolist()
        assert "sample" in tr.format()


def test_debug_vertex_traces_the_requested_vertex():
    dev, ctx = _device()
    dbg.enable_capture(ctx)
    _draw(dev, ctx, _PS_BRANCH)
    want = {0: (-1.0, 1.0), 1: (3.0, 1.0), 2: (-1.0, -3.0)}
    for vid, (px, py) in want.items():
        tr = dbg.debug_vertex(ctx, vid)
        assert tr.invocation == {"vertex_id": vid, "instance_id": 0}
        assert [_f(tr.final(f"o0.{c}").bits) for c in "xyzw"] == [px, py, 0.0, 1.0]
    assert dbg.debug_vertex(ctx, 7) is None


def test_trace_program_direct_value_after_and_write_history():
    """The lower layer on a program run alone: 'what did r0.y hold after instruction k, and why'."""
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program

    src = """float4 main(float4 a : A) : SV_Target {
        float s = a.x * a.y;
        s = s + a.z;
        return float4(s, s * 2.0, a.w, 1.0);
    }"""
    prog = decode_program(parse_container(bytes(_compile(src, "ps_4_0"))).program)
    a = np.array([[1.5, 2.0, 0.25, 7.0], [3.0, -1.0, 0.5, 8.0], [0, 0, 0, 0], [0, 0, 0, 0]], F32)
    inputs = {0: a}
    plain = pyd3d11.shader.exec.run_program(prog, 4, inputs=inputs)
    res, traces = dbg.trace_program(prog, 4, [1], inputs=inputs)
    assert np.array_equal(res.outputs, plain.outputs)  # tracing changes nothing
    tr = traces[1]
    s = F32(F32(3.0) * F32(-1.0)) + F32(0.5)
    assert _f(tr.final("o0.x").bits) == float(s)
    assert _f(tr.final("o0.y").bits) == float(s * F32(2))
    assert tr.final("o0.z").as_float == 8.0
    # every write's value_after at its own step is that write
    for step in tr.steps:
        for w in step.writes:
            assert tr.value_after(step.instruction_index, w.name) == w
    assert tr.value_after(tr.steps[0].instruction_index, "o0.x") is None  # not written yet
    assert all(s.state == "active" for s in tr.steps)
    with pytest.raises(IndexError):
        dbg.trace_program(prog, 4, [4], inputs=inputs)


def test_draws_from_command_lists_are_captured_in_order():
    dev, ctx = _device()
    deferred = dev.CreateDeferredContext(0)
    dbg.enable_capture(ctx)
    _draw(dev, ctx, _PS_LOOP)  # an immediate draw first: the list's draw must come after it
    tex, _ = _draw(dev, deferred, _PS_BRANCH)
    ctx.ExecuteCommandList(deferred.FinishCommandList(False), False)
    img = np.array(pyd3d11.texture_to_numpy(ctx, tex))
    tr = dbg.debug_pixel(ctx, 5, 1)
    assert [_f(tr.final(f"o0.{c}").bits) for c in "xyzw"] == _branch_expected(5, 1) == img[1, 5].tolist()
    loop = dbg.debug_pixel(ctx, 5, 1, draw=-2)  # the loop shader's draw
    assert _f(loop.final("o0.y").bits) == 5.0


def test_empty_draw_auto_keeps_its_place():
    dev, ctx = _device()
    dbg.enable_capture(ctx)
    _draw(dev, ctx, _PS_BRANCH)
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_STREAM_OUTPUT))
    ctx.IASetVertexBuffers(0, 1, [vb], [16], [0])
    ctx.DrawAuto()  # nothing streamed out yet: draws nothing (§8.9), but it is a submitted draw
    assert len(replay._capture(ctx).draws) == 2
    assert replay._capture(ctx).draws[-1].cmd.args.vertex_count == 0
    assert dbg.debug_pixel(ctx, 0, 0, draw=-2) is not None


def test_draw_auto_is_debugged_with_the_streamed_vertex_count():
    """DrawAuto draws (BufferFilledSize - offset) / stride vertices (§8.9): four points streamed out before it, so
    the debugger replays a 4-vertex point list, and the traced pixel shader's output is the pixel's value."""
    import test_api_draw as T

    from pyd3d11.d3d11 import D3D11_SO_DECLARATION_ENTRY

    dev, ctx, rt = T.setup(4, 1)
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="SV_Position", SemanticIndex=0, StartComponent=0,
                                       ComponentCount=4, OutputSlot=0)]
    vsb = T.assemble_shader(T.VS_POS_COLOR)
    gs = dev.CreateGeometryShaderWithStreamOutput(vsb, None, decl, 1, [16], 1, 0xFFFFFFFF)
    so = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16 * 8, BindFlags=D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_VERTEX_BUFFER))
    v = T.verts(*[[x, 0, 0, 1, 1, 1, 1, 1] for x in (-0.75, -0.25, 0.25, 0.75)])
    vb = T.buffer(dev, v, D3D11_BIND_VERTEX_BUFFER)
    ctx.GSSetShader(gs)
    ctx.SOSetTargets(1, [so], [0])
    ctx.IASetVertexBuffers(0, 1, [vb], [32], [0])
    ctx.IASetPrimitiveTopology(1)
    ctx.Draw(4, 0)
    ctx.SOSetTargets(0, [], [])
    ctx.GSSetShader(None)
    ctx.IASetVertexBuffers(0, 1, [so], [16], [0])
    dbg.enable_capture(ctx)
    ctx.DrawAuto()
    assert replay._capture(ctx).draws[-1].cmd.args.vertex_count == 4
    img = np.array(pyd3d11.texture_to_numpy(ctx, rt))
    tr = dbg.debug_pixel(ctx, 2, 0)
    assert tr is not None
    assert [_f(tr.final(f"o0.{c}").bits) for c in "xyzw"] == img[0, 2].tolist()


@pytest.mark.parametrize(("value", "runs"), [(True, True), (False, False)])
def test_predicated_draw_from_a_command_list(value, runs):
    """SetPredication (D3D11.3 §5.6.6): the work is skipped while the predicate's result equals PredicateValue. An
    occlusion predicate around no draw has the result FALSE, so a command list's draw predicated on TRUE runs (and
    the debugger replays it: the traced output is the pixel's value) and one predicated on FALSE is skipped, like
    the immediate context's own skipped draws, without taking a place."""
    dev, ctx = _device()
    pred = dev.CreatePredicate(D3D11_QUERY_DESC(Query=D3D11_QUERY_OCCLUSION_PREDICATE))
    ctx.Begin(pred)
    ctx.End(pred)
    deferred = dev.CreateDeferredContext(0)
    deferred.SetPredication(pred, value)
    tex, _ = _draw(dev, deferred, _PS_BRANCH)
    dbg.enable_capture(ctx)
    ctx.ExecuteCommandList(deferred.FinishCommandList(False), False)
    assert len(replay._capture(ctx).draws) == (1 if runs else 0)
    if runs:
        img = np.array(pyd3d11.texture_to_numpy(ctx, tex))
        tr = dbg.debug_pixel(ctx, 5, 1)
        assert [_f(tr.final(f"o0.{c}").bits) for c in "xyzw"] == _branch_expected(5, 1) == img[1, 5].tolist()


_PS_DISCARD = """float4 main(float4 pos : SV_Position) : SV_Target {
    if (pos.x > 4.0) discard;
    return float4(pos.x, 1.0, 0.0, 1.0);
}"""


def test_discarded_pixels_are_marked():
    dev, ctx = _device()
    dbg.enable_capture(ctx)
    tex, _ = _draw(dev, ctx, _PS_DISCARD)
    img = np.array(pyd3d11.texture_to_numpy(ctx, tex))
    kept, gone = dbg.debug_pixel(ctx, 2, 0), dbg.debug_pixel(ctx, 6, 0)
    assert not kept.discarded and img[0, 2].tolist() == [2.5, 1.0, 0.0, 1.0]
    assert gone.discarded and img[0, 6].tolist() == [0.0, 0.0, 0.0, 0.0]
    first = next(i for i, s in enumerate(gone.steps) if s.state == "discarded")
    assert gone.steps[first].opcode.startswith("discard")
    assert all(s.state == "discarded" for s in gone.steps[first:])


def test_double_results_are_shown_as_doubles():
    """D3D11.3 §22.14: a double occupies a component pair (.xy / .zw, low word first). A trace step of a double
    instruction gives each written pair as its float64 value (TraceStep.doubles) and prints it; computed here
    from the HLSL: double(a.x) * 3 + 0.25 for a.x = 1.5 is 4.75, exactly."""
    import pyd3d11.debug as dbg
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program

    src = """float4 main(float4 a : A) : SV_Target {
        double d = (double)a.x * 3.0 + 0.25;
        return float4((float)d, 0, 0, 1);
    }"""
    prog = decode_program(parse_container(bytes(_compile(src, "ps_5_0"))).program)
    a = np.array([[1.5, 0, 0, 0]] * 4, F32)
    _, traces = dbg.trace_program(prog, 4, [0], inputs={0: a})
    steps = [s for s in traces[0].steps if s.doubles()]
    assert steps and all(s.opcode.startswith(("d", "ftod")) for s in steps)
    last = steps[-1].doubles()
    assert list(last.values()) == [4.75]
    assert "= 4.75d" in str(steps[-1])
    assert not any(s.doubles() for s in traces[0].steps if s.opcode.startswith("dtof"))
