"""Frame capture and replay (issue 18 items 1, 2; docs/debugging.md).

Expected values are the program's own results: a replay is correct when every resource it ends with
(and has after any event) is bit-identical to what the captured program produced at that point."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import capture_scene as S
import numpy as np
import pytest

from pyd3d11.debug import Capture, capture, start_capture
from pyd3d11.errors import NotSupportedError

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests")])}


def _by_content(cap, originals):
    """capture resource id -> name of the program's resource with identical bytes (ids are checked by shape)."""
    return {i: sorted(k for k, v in originals.items() if v.shape == cap.resource_bytes(i).shape
                      and np.array_equal(v, cap.resource_bytes(i))) for i in cap.resources()}


@pytest.fixture(scope="module")
def scene_capture(tmp_path_factory):
    path = tmp_path_factory.mktemp("cap") / "scene.pyd3dcap"
    o = S.build()
    snaps: list[np.ndarray] = []
    with capture(o["ctx"], path) as rec:
        S.frame(o, snaps)
    return path, o, snaps, rec


def test_scene_replays_bit_identically_in_this_process(scene_capture):
    path, o, _, rec = scene_capture
    assert rec.unsupported == []
    cap = Capture.open(path).replay_all()
    orig = S.resources(o)
    ids = {cap.names.get(i): i for i in cap.resources()}
    # the render target carries its debug name; its contents match the program's bit for bit
    assert np.array_equal(cap.resource_bytes(ids["backbuf"]), orig["rt"])
    matches = _by_content(cap, orig)
    assert matches[ids["backbuf"]] == ["rt"]
    found = {k for v in matches.values() for k in v}
    assert found == set(orig)  # every buffer and texture of the span is in the capture, and equal
    # the dispatch really ran: thread i wrote i*3+1 (the shader's formula), then the copy moved it
    assert list(np.frombuffer(orig["staging"].tobytes(), np.uint32)[:8]) == [i * 3 + 1 for i in range(8)]


def test_scene_replays_bit_identically_in_a_fresh_process(scene_capture, tmp_path):
    path, o, _, _ = scene_capture
    out = tmp_path / "replayed.npz"
    r = subprocess.run([sys.executable, str(ROOT / "tests" / "capture_scene.py"), str(path), str(out)],
                       env=ENV, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    replayed = np.load(out)
    orig = S.resources(o)
    cap = Capture.open(path).replay_all()
    assert len(replayed.files) == len(cap.resources())
    for key in replayed.files:
        assert np.array_equal(replayed[key], cap.resource_bytes(int(key)))
    names = {k for k, v in orig.items() for key in replayed.files
             if v.shape == replayed[key].shape and np.array_equal(v, replayed[key])}
    assert names == set(orig)


def test_replay_to_each_draw_gives_the_contents_just_after_it(scene_capture):
    path, _, snaps, _ = scene_capture
    cap = Capture.open(path)
    rt = next(i for i in cap.resources() if cap.names.get(i) == "backbuf")
    points = [e.index for e in cap.draws() if e.obj == 1] + [e.index for e in cap.events
                                                             if e.method == "ExecuteCommandList"]
    assert len(points) == 3
    for idx, want in zip(points, snaps):
        cap.replay_to(idx)
        assert np.array_equal(cap.resource_bytes(rt), want)
    # going backwards starts again on a fresh device and still gives the right answer
    cap.replay_to(points[0])
    assert np.array_equal(cap.resource_bytes(rt), snaps[0])
    # before the first draw: the clear colour of build() (0.1, 0.2, 0.3, 1) as float32, in UNORM8 rounded to
    # nearest (spec 3.2.3.6); 0.3f is slightly above 0.3, so 76.5 rounds up
    cap.replay_to(points[0] - 1)
    want = np.array([int(np.floor(float(np.float32(c)) * 255 + 0.5)) for c in (0.1, 0.2, 0.3, 1.0)], np.uint8)
    assert (cap.resource_bytes(rt).reshape(-1, 4) == want).all()
    assert np.allclose(cap.texture(rt), want / 255)  # the decoded view of the same bytes


def test_pipeline_state_at_an_event(scene_capture):
    path, _, _, _ = scene_capture
    cap = Capture.open(path)
    first, second = [e.index for e in cap.draws() if e.obj == 1]
    st = cap.replay_to(first).pipeline_state()
    assert st["om"]["blend_state"] is None  # not bound yet at the first draw
    cap.replay_to(second)
    st = cap.pipeline_state()
    assert st["ia"]["primitive_topology"] == 4
    assert [(v["slot"], v["stride"], v["offset"]) for v in st["ia"]["vertex_buffers"]] == [(0, 32, 0)]
    assert st["rs"]["viewports"] == [{"TopLeftX": 0.0, "TopLeftY": 0.0, "Width": S.W, "Height": S.H,
                                      "MinDepth": 0.0, "MaxDepth": 1.0}]
    rtv = st["om"]["render_targets"][0]
    assert cap.names.get(rtv["resource"]) == "backbuf" and rtv["desc"]["Format"] == 28
    blend = st["om"]["blend_state"]["desc"]["RenderTarget"][0]
    assert (blend["BlendEnable"], blend["SrcBlend"], blend["DestBlend"]) == (True, 5, 6)
    assert st["om"]["sample_mask"] == 0xFFFFFFFF and st["om"]["blend_factor"] == [1.0] * 4
    ps = st["stages"]["PS"]
    assert ps["shader"]["shader_model"] == [5, 0] and ps["shader"]["bytecode"][:4] == b"DXBC"
    assert [c["slot"] for c in ps["constant_buffers"]] == [0]
    assert st["stages"]["VS"]["shader"]["type"] == "ID3D11VertexShader"
    assert st["stages"]["CS"]["shader"] is None
    assert [e["SemanticName"] for e in st["ia"]["input_layout"]["elements"]] == ["POSITION", "COLOR"]


def test_format_is_versioned_chunked_and_compressed(scene_capture):
    path, _, _, _ = scene_capture
    with zipfile.ZipFile(path) as z:
        manifest = json.loads(z.read("manifest.json"))
        assert manifest["format"] == "pyd3d11-capture" and manifest["version"] == 1
        names = z.namelist()
        assert any(n.startswith("events/") for n in names) and any(n.startswith("blobs/") for n in names)
        assert all(z.getinfo(n).compress_type == zipfile.ZIP_DEFLATED for n in names)
        events = [e for n in sorted(names) if n.startswith("events/") for e in json.loads(z.read(n))]
    assert [e["i"] for e in events] == list(range(manifest["event_count"]))
    assert manifest["names"] and "backbuf" in manifest["names"].values()


def test_newer_format_version_is_refused(scene_capture, tmp_path):
    path, _, _, _ = scene_capture
    newer = tmp_path / "newer.pyd3dcap"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(newer, "w") as dst:
        for n in src.namelist():
            data = src.read(n)
            if n == "manifest.json":
                m = json.loads(data)
                m["version"] = 99
                data = json.dumps(m).encode()
            dst.writestr(n, data)
    with pytest.raises(NotSupportedError):
        Capture.open(newer)


def test_capture_leaves_the_program_untouched():
    o = S.build()
    ctx = o["ctx"]
    refs = {k: (o[k].AddRef(), o[k].Release())[1] for k in ("rt", "rtv", "vb", "cb", "vs", "ps")}
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        with capture(ctx, Path(d) / "c.pyd3dcap"):
            S.set_tint(ctx, o["cb"], (1, 1, 1, 1))
            ctx.Draw(3, 0)
        assert "Draw" not in vars(ctx)  # the recorder's wrappers are gone
        assert {k: (o[k].AddRef(), o[k].Release())[1] for k in refs} == refs
        with pytest.raises(NotSupportedError):  # one capture at a time per context
            with capture(ctx, Path(d) / "a.pyd3dcap"):
                start_capture(ctx, Path(d) / "b.pyd3dcap")


def test_capture_of_a_deferred_context_is_refused(tmp_path):
    o = S.build()
    deferred = o["dev"].CreateDeferredContext(0)
    with pytest.raises(NotSupportedError):
        start_capture(deferred, tmp_path / "x.pyd3dcap")


def test_command_list_from_before_the_capture_is_marked_and_replay_refused(tmp_path):
    o = S.build()
    deferred = o["dev"].CreateDeferredContext(0)
    deferred.OMSetRenderTargets(1, [o["rtv"]], None)
    deferred.ClearRenderTargetView(o["rtv"], (1, 0, 0, 1))
    cl = deferred.FinishCommandList(False)
    with capture(o["ctx"], tmp_path / "x.pyd3dcap") as rec:
        o["ctx"].ExecuteCommandList(cl, True)
    assert rec.unsupported
    cap = Capture.open(tmp_path / "x.pyd3dcap")
    assert cap.unsupported
    with pytest.raises(NotSupportedError):
        cap.replay_all()


def test_demo_capture_replays_bit_identically_in_a_fresh_process(tmp_path):
    """examples/demo.py unmodified: the capture starts right after D3D11CreateDevice."""
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        import demo
    finally:
        sys.path.remove(str(ROOT / "examples"))
    path = tmp_path / "demo.pyd3dcap"
    real = demo.D3D11CreateDevice
    holder = {}

    def create(*a, **k):
        dev, level, ctx = real(*a, **k)
        holder["rec"] = start_capture(ctx, path)
        return dev, level, ctx

    demo.D3D11CreateDevice = create
    try:
        _, _, back_buffer = demo.render(64, 48)
    finally:
        demo.D3D11CreateDevice = real
    holder["rec"].stop()
    out = tmp_path / "replayed.npz"
    r = subprocess.run([sys.executable, str(ROOT / "tests" / "capture_scene.py"), str(path), str(out)],
                       env=ENV, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    replayed = np.load(out)
    cap = Capture.open(path)
    rt = cap.events[0].created  # the first thing the demo creates is its back buffer
    assert cap.events[0].method == "CreateTexture2D"
    assert np.array_equal(replayed[str(rt)], back_buffer._storage.data)
    assert len(set(np.frombuffer(back_buffer._storage.data.tobytes(), np.uint32))) > 10  # a real picture


FRAME_PROGRAM = r"""
import sys
import numpy as np
from pyd3d11.d3d11 import *
from pyd3d11.dxgi import *
sc, dev, level, ctx = D3D11CreateDeviceAndSwapChain(None, 1, None, 0, [0xB100], 1, 7, DXGI_SWAP_CHAIN_DESC(
    BufferDesc=DXGI_MODE_DESC(Width=8, Height=4, Format=28), SampleDesc=DXGI_SAMPLE_DESC(Count=1),
    BufferUsage=0x20, BufferCount=1, OutputWindow="w", Windowed=1, SwapEffect=0))
bb = sc.GetBuffer(0, ID3D11Texture2D)
rtv = dev.CreateRenderTargetView(bb, None)
frames = []
for f in range(4):
    ctx.ClearRenderTargetView(rtv, (f / 4, 0.5, 0, 1))
    ctx.ClearView(rtv, (1, 1, 1, 1), [D3D11_RECT(f, 0, f + 1, 4)], 1)
    frames.append(bb._storage.data.copy())
    sc.Present(0, 0)
np.save(sys.argv[1], np.stack(frames))
"""


@pytest.mark.parametrize("frame", [1, 3])
def test_environment_variable_captures_frame_n_of_an_unmodified_program(tmp_path, frame):
    prog = tmp_path / "prog.py"
    prog.write_text(FRAME_PROGRAM)
    path = tmp_path / "f.pyd3dcap"
    env = {**ENV, "PYD3D11_CAPTURE_FRAME": str(frame), "PYD3D11_CAPTURE_FILE": str(path)}
    r = subprocess.run([sys.executable, str(prog), str(tmp_path / "frames.npy")], env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    frames = np.load(tmp_path / "frames.npy")
    cap = Capture.open(path)
    # frame N is the work between Present N-1 (frame 1: the swap chain's creation) and Present N
    setup = ["CreateRenderTargetView"] if frame == 1 else []
    assert [e.method for e in cap.events if not e.synthetic] == setup + ["ClearRenderTargetView", "ClearView"]
    cap.replay_all()
    rt = next(i for i in cap.resources())
    assert np.array_equal(cap.resource_bytes(rt), frames[frame - 1])
    assert not np.array_equal(frames[frame - 1], frames[frame % 4])
    assert (frames[frame - 1].reshape(4, 8, 4)[:, frame - 1] == 255).all()  # the ClearView column of frame N


def test_data_movement_queries_and_predication_replay_bit_identically(tmp_path):
    """UpdateSubresource with a box, CopySubresourceRegion, GenerateMips, ResolveSubresource, an occlusion
    predicate that skips a draw, and a mapped staging read: every resource of the replay equals the run's."""
    from pyd3d11.d3d11 import (
        D3D11_BIND_RENDER_TARGET,
        D3D11_BIND_SHADER_RESOURCE,
        D3D11_BOX,
        D3D11_QUERY_DESC,
        D3D11_RESOURCE_MISC_GENERATE_MIPS,
        D3D11_TEXTURE2D_DESC,
        D3D11_USAGE_STAGING,
    )
    from pyd3d11.dxgi import DXGI_SAMPLE_DESC

    o = S.build()
    dev, ctx = o["dev"], o["ctx"]

    def tex(**kw):
        d = dict(Width=8, Height=8, MipLevels=1, ArraySize=1, Format=28, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                 BindFlags=D3D11_BIND_SHADER_RESOURCE)
        d.update(kw)
        return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(**d))

    mips = tex(MipLevels=4, BindFlags=D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET,
               MiscFlags=D3D11_RESOURCE_MISC_GENERATE_MIPS)
    msaa = tex(SampleDesc=DXGI_SAMPLE_DESC(Count=4), BindFlags=D3D11_BIND_RENDER_TARGET)
    resolved, staging = tex(), tex(BindFlags=0, Usage=D3D11_USAGE_STAGING, CPUAccessFlags=0x20000)
    rng = np.random.default_rng(5)
    pixels = rng.integers(0, 256, (8, 8, 4), np.uint8)
    msaa_rtv = dev.CreateRenderTargetView(msaa, None)
    pred = dev.CreatePredicate(D3D11_QUERY_DESC(Query=5))  # OCCLUSION_PREDICATE
    path = tmp_path / "data.pyd3dcap"
    with capture(ctx, path):
        ctx.UpdateSubresource(mips, 0, None, pixels, 32, 0)
        ctx.UpdateSubresource(mips, 0, D3D11_BOX(2, 2, 0, 5, 6, 1), pixels[:4, :3].copy(), 12, 0)
        ctx.GenerateMips(dev.CreateShaderResourceView(mips, None))
        ctx.CopySubresourceRegion(resolved, 0, 1, 1, 0, mips, 1, D3D11_BOX(0, 0, 0, 3, 3, 1))
        ctx.ClearRenderTargetView(msaa_rtv, (0.25, 0.5, 0.75, 1))
        ctx.ResolveSubresource(resolved, 0, msaa, 0, 28)
        ctx.Begin(pred)  # nothing drawn: the predicate is false
        ctx.End(pred)
        ctx.SetPredication(pred, False)  # draws run only when the predicate is true: this one is skipped
        S.set_tint(ctx, o["cb"], (1, 1, 1, 1))
        ctx.Draw(3, 0)
        ctx.SetPredication(None, False)
        ctx.CopyResource(staging, mips)
        m = ctx.Map(staging, 0, 1, 0)  # READ
        ctx.Unmap(staging, 0)
    assert m is not None
    cap = Capture.open(path).replay_all()
    orig = {"mips": mips, "msaa": msaa, "resolved": resolved, "staging": staging, "rt": o["rt"], "cb": o["cb"]}
    originals = {k: v._storage.data.copy() for k, v in orig.items()}
    matches = _by_content(cap, originals)
    assert {k for v in matches.values() for k in v} == set(originals)
    # the predicated draw really was skipped: the render target still holds build()'s clear
    rt = next(i for i in cap.resources() if cap.names.get(i) == "backbuf")
    assert len(np.unique(cap.resource_bytes(rt).reshape(-1, 4), axis=0)) == 1


def test_environment_capture_is_finished_when_the_program_exits_before_present_n(tmp_path):
    """The program presents 4 times: frame 5 starts after Present 4 and never ends; the file is still complete."""
    prog = tmp_path / "prog.py"
    prog.write_text(FRAME_PROGRAM)
    path = tmp_path / "f.pyd3dcap"
    env = {**ENV, "PYD3D11_CAPTURE_FRAME": "5", "PYD3D11_CAPTURE_FILE": str(path)}
    r = subprocess.run([sys.executable, str(prog), str(tmp_path / "frames.npy")], env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    cap = Capture.open(path)  # a readable manifest: the recorder was stopped at exit
    assert cap.manifest["event_count"] == len(cap.events) == 0


def test_shader_traces_of_a_captured_event(scene_capture):
    """Capture -> step the pixel shader of a fragment: the traced PS (return p.col * tint) writes o0 with
    the interpolated colour times the tint mapped before that draw."""
    path, _, _, _ = scene_capture
    cap = Capture.open(path)
    second = [e.index for e in cap.draws() if e.obj == 1][1]
    traces = cap.debug_pixel(second, 9, 5)
    assert len(traces) == 1
    o0 = [traces[0].final(f"o0.{c}") for c in "xyzw"]
    assert [w.as_float for w in o0] == [0.0, 0.5, 0.0, 0.5]  # (0, 1, 0, .5) * (1, .5, 1, 1)
    # Draw(3, 3): SV_VertexID counts from 0 in a non-indexed draw (StartVertexLocation moves the fetch only)
    vt = cap.debug_vertex(second, 1)
    assert vt is not None and vt.invocation["vertex_id"] == 1
    assert cap.debug_vertex(second, 4) is None
    dispatch = next(e.index for e in cap.events if e.method == "Dispatch")
    tt = cap.debug_thread(dispatch, 5)
    assert tt.invocation["thread"] == (5, 0, 0)
    with pytest.raises(ValueError):
        cap.debug_pixel(0, 0, 0)  # a creation event, not work


def test_stream_output_shader_made_before_the_capture_replays(tmp_path):
    import test_api_draw as T

    from pyd3d11.d3d11 import D3D11_BUFFER_DESC, D3D11_SO_DECLARATION_ENTRY

    dev, ctx, rt = T.setup(4, 1)
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="TEXCOORD", SemanticIndex=0, StartComponent=0,
                                       ComponentCount=4, OutputSlot=0)]
    vsb = T.assemble_shader(T.VS_POS_COLOR)
    gs = dev.CreateGeometryShaderWithStreamOutput(vsb, None, decl, 1, [16], 1, 0xFFFFFFFF)
    so = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16 * 4, BindFlags=0x10))
    v = T.verts(*[[x, 0, 0, 1, x, 1, 2, 3] for x in (-0.75, -0.25, 0.25, 0.75, 0.9)])
    vb = T.buffer(dev, v, 0x1)
    path = tmp_path / "so.pyd3dcap"
    with capture(ctx, path) as rec:
        ctx.GSSetShader(gs)
        ctx.SOSetTargets(1, [so], [0])
        ctx.IASetVertexBuffers(0, 1, [vb], [32], [0])
        ctx.IASetPrimitiveTopology(1)
        ctx.Draw(5, 0)
    assert rec.unsupported == []
    cap = Capture.open(path).replay_all()
    assert any(e.method == "CreateGeometryShaderWithStreamOutput" and e.synthetic for e in cap.events)
    want = so._storage.data
    assert np.array_equal(np.frombuffer(want.tobytes(), np.float32).reshape(4, 4), v[:4, 4:])  # what SO wrote
    assert any(np.array_equal(cap.resource_bytes(i), want) for i in cap.resources())


def test_stream_output_filled_size_and_bound_targets_from_before_the_capture_replay(tmp_path):
    """§14 / §8.9: a buffer's BufferFilledSize is hidden state (not in its bytes). Two points are streamed out
    before the capture with the target still bound; inside the capture two more are appended (offset -1 at the
    filled size) and DrawAuto reads 4 points back (as a point list into a 4x1 target). The replay must append at
    byte 32 and draw 4 points: its SO buffer and target equal the program's, bit for bit."""
    import test_api_draw as T

    from pyd3d11.d3d11 import D3D11_BUFFER_DESC, D3D11_SO_DECLARATION_ENTRY

    dev, ctx, rt = T.setup(4, 1)
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="SV_Position", SemanticIndex=0, StartComponent=0,
                                       ComponentCount=4, OutputSlot=0)]
    vsb = T.assemble_shader(T.VS_POS_COLOR)
    gs = dev.CreateGeometryShaderWithStreamOutput(vsb, None, decl, 1, [16], 1, 0xFFFFFFFF)
    so = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16 * 8, BindFlags=0x10 | 0x1))
    v = T.verts(*[[x, 0, 0, 1, 1, 1, 1, 1] for x in (-0.75, -0.25, 0.25, 0.75)])
    vb = T.buffer(dev, v, 0x1)
    ctx.GSSetShader(gs)
    ctx.SOSetTargets(1, [so], [0])
    ctx.IASetVertexBuffers(0, 1, [vb], [32], [0])
    ctx.IASetPrimitiveTopology(1)
    ctx.Draw(2, 0)  # before the capture: filled size 32 bytes
    path = tmp_path / "so_filled.pyd3dcap"
    with capture(ctx, path) as rec:
        ctx.Draw(2, 2)  # appends at 32
        ctx.SOSetTargets(0, [], [])
        ctx.GSSetShader(None)
        ctx.IASetVertexBuffers(0, 1, [so], [16], [0])
        ctx.DrawAuto()  # 64 filled bytes / 16 = 4 points
    assert rec.unsupported == []
    want_so, want_rt = so._storage.data.copy(), rt._storage.data.copy()
    assert np.frombuffer(want_so.tobytes(), np.float32).reshape(8, 4)[:4, 0].tolist() == [-0.75, -0.25, 0.25, 0.75]
    cap = Capture.open(path).replay_all()
    got = [cap.resource_bytes(i) for i in cap.resources()]
    assert any(np.array_equal(g, want_so) for g in got)
    assert any(np.array_equal(g, want_rt) for g in got)


def test_deferred_context_made_before_the_capture_keeps_its_bound_state(tmp_path):
    from pyd3d11.d3d11 import D3D11_VIEWPORT

    o = S.build()
    deferred = o["dev"].CreateDeferredContext(0)
    deferred.IASetInputLayout(o["layout"])
    deferred.IASetVertexBuffers(0, 1, [o["vb"]], [32], [0])
    deferred.IASetPrimitiveTopology(4)
    deferred.VSSetShader(o["vs"], None, 0)
    deferred.PSSetShader(o["ps"], None, 0)
    deferred.PSSetConstantBuffers(0, 1, [o["cb"]])
    deferred.OMSetRenderTargets(1, [o["rtv"]], None)
    deferred.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, S.W, S.H, 0, 1)])
    S.set_tint(o["ctx"], o["cb"], (1, 1, 1, 1))
    path = tmp_path / "d.pyd3dcap"
    with capture(o["ctx"], path) as rec:
        deferred.Draw(3, 6)
        o["ctx"].ExecuteCommandList(deferred.FinishCommandList(False), True)
    assert rec.unsupported == []
    cap = Capture.open(path).replay_all()
    rt = next(i for i in cap.resources() if cap.names.get(i) == "backbuf")
    assert np.array_equal(cap.resource_bytes(rt), o["rt"]._storage.data)
    assert len(np.unique(o["rt"]._storage.data.reshape(-1, 4), axis=0)) > 1  # the draw did land


def test_annotations_are_recorded_and_group_the_events(tmp_path):
    """ID3DUserDefinedAnnotation (d3d11_1.h): one object per context; -1 and GetStatus FALSE outside a
    profiling tool, the count of open BeginEvent calls while the recorder captures (Microsoft's docs)."""
    from pyd3d11.d3d11 import ID3DUserDefinedAnnotation

    o = S.build()
    ctx = o["ctx"]
    ann = ctx.QueryInterface(ID3DUserDefinedAnnotation)
    assert ann is ctx.QueryInterface(ID3DUserDefinedAnnotation) and ann.QueryInterface(type(ctx)) is ctx
    assert (ann.GetStatus(), ann.BeginEvent("outside"), ann.EndEvent()) == (False, -1, -1)
    path = tmp_path / "a.pyd3dcap"
    with capture(ctx, path):
        assert ann.GetStatus() is True
        assert ann.BeginEvent("frame") == 0
        assert ann.BeginEvent("opaque") == 1
        S.set_tint(ctx, o["cb"], (1, 1, 1, 1))
        ctx.Draw(3, 0)
        assert ann.EndEvent() == 1
        ann.SetMarker("between")
        ctx.Draw(3, 3)
        assert ann.EndEvent() == 0
        ctx.Flush()
    assert ann.GetStatus() is False
    cap = Capture.open(path)
    d1, d2 = [e.index for e in cap.draws()]
    assert cap.groups(d1) == ["frame", "opaque"] and cap.groups(d2) == ["frame"]
    flush = next(e.index for e in cap.events if e.method == "Flush")
    assert cap.groups(flush) == []
    marker = cap.markers()
    assert [m[1] for m in marker] == ["between"] and d1 < marker[0][0] < d2
    cap.replay_all()  # annotation events replay (they change nothing)


def test_uav_with_a_hidden_counter_from_before_the_capture_is_refused(tmp_path):
    from pyd3d11.d3d11 import D3D11_BUFFER_DESC, D3D11_BUFFER_UAV, D3D11_UNORDERED_ACCESS_VIEW_DESC

    o = S.build()
    dev, ctx = o["dev"], o["ctx"]
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=0x80, MiscFlags=0x40, StructureByteStride=4))
    uav = dev.CreateUnorderedAccessView(buf, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=0, ViewDimension=1, Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=16, Flags=0x2)))  # APPEND
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], [5])  # hidden counter = 5
    ctx.CSSetUnorderedAccessViews(0, 1, [None], None)
    with capture(ctx, tmp_path / "c.pyd3dcap") as rec:
        ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    assert any("counter" in u for u in rec.unsupported)
    with pytest.raises(NotSupportedError):
        Capture.open(tmp_path / "c.pyd3dcap").replay_all()


def test_class_linkage_shaders_and_instances_made_before_the_capture_replay(tmp_path):
    """A pixel shader created with a class linkage, its instances (CreateClassInstance) bound before the capture:
    the recorder recreates the linkage, the shader with it and each instance, so the captured draw replays to the
    same pixels (an effect's shaders are made this way, e.g. examples/effects/tutorial11.py)."""
    import test_class_linkage as L

    from pyd3d11.api import create_device as cd
    from pyd3d11.shader.dxbc.asm import assemble_shader

    dev, _level, ctx = cd.D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(L._raw("HlslCrossCompiler/ps5/interfaces"), None, link)
    vs = dev.CreateVertexShader(assemble_shader(L.VS_TEXT), None, None)
    tex = dev.CreateTexture2D(dict(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=2,
                                   SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [dict(TopLeftX=0, TopLeftY=0, Width=2, Height=2, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(4)
    ctx.VSSetShader(vs, None, 0)
    inst = [link.CreateClassInstance(n, 0, 0, 0, 0) for n in ("cDoubleColour", "cHalfColour", "TwoThirdsAlpha")]
    ctx.PSSetShader(ps, inst, 3)
    path = tmp_path / "linkage.pyd3dcap"
    with capture(ctx, path) as rec:
        ctx.Draw(3, 0)
    assert rec.unsupported == []
    want = tex._storage.data.copy()
    cap = Capture.open(path).replay_all()
    assert any(e.method == "CreateClassInstance" and e.synthetic for e in cap.events)
    assert any(np.array_equal(cap.resource_bytes(i), want) for i in cap.resources())
