"""The browser inspector (issue 18 item 5; pyd3d11/tools/inspect.py).

1. The Python API behind every panel, on the capture scene of tests/capture_scene.py, with expected values
   computed from the scene's own definition (vertex data, tint, blend equation), not from the inspector.
2. The HTTP layer: routes, error statuses.
3. End to end in a real headless Chromium (Debian's package) driven by Playwright: open a capture of the
   Tutorial 4 cube, select the last draw, pick a pixel, read its history, step its pixel shader;
   screenshots are saved (tmp dir, or $PYD3D11_INSPECTOR_SHOTS).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import capture_scene as scene
import numpy as np
import pytest

import pyd3d11.debug as dbg
from pyd3d11.tools import inspect as insp

ROOT = Path(__file__).resolve().parents[1]
#: the browser tests run once (on the default backend): a page shows what the inspector's Python API returns, which
#: the other tests check on each backend; Chromium's start and the page steps are most of their time
ONCE = pytest.mark.backend_specific


@pytest.fixture(scope="module")
def scene_capture(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("insp") / "scene.pyd3dcap")
    o = scene.build()
    with dbg.capture(o["ctx"], path):
        scene.frame(o)
    return path


@pytest.fixture(scope="module")
def inspector(scene_capture) -> insp.Inspector:
    return insp.Inspector(scene_capture)


def _draws(i: insp.Inspector) -> list[dict]:
    return [e for e in i.events() if e["kind"] == "draw"]


def _rid(i: insp.Inspector, name: str) -> int:
    return next(r["id"] for r in i.summary()["resources"] if r["name"] == name)


def test_event_list_marks_draws_dispatches_and_work(inspector):
    ev = inspector.events()
    kinds = [e["kind"] for e in ev if not e["synthetic"]]
    assert kinds.count("draw") == 2  # on the immediate context
    assert kinds.count("recorded") == 1  # the third draw, recorded on the deferred context
    assert kinds.count("dispatch") == 1
    methods = [e["method"] for e in ev]
    assert "ExecuteCommandList" in methods and "CopyResource" in methods
    assert all(e["index"] == k for k, e in enumerate(ev))


def test_state_after_the_first_draw(inspector):
    d0 = _draws(inspector)[0]["index"]
    st = inspector.state(d0)
    ps = st["stages"]["PS"]["shader"] if "PS" in st["stages"] else st["stages"]["ps"]["shader"]
    assert "ps_5_0" in ps["disassembly"]
    assert st["ia"]["primitive_topology"] == 4
    assert st["om"]["render_targets"][0]["slot"] == 0
    assert st["rs"]["viewports"][0]["Width"] == scene.W
    json.dumps(st)  # plain data throughout


def test_texel_and_png_follow_the_scene(inspector):
    d0 = _draws(inspector)[0]["index"]
    rt = _rid(inspector, "backbuf")
    # pixel (1, 10) lies in the first (red, z=0.5) triangle: (-1,-1) (-1,1) (1,-1) covers the lower-left half
    t = inspector.texel(d0, rt, 1, 10)["value"]
    assert t == [1.0, 0.0, 0.0, 1.0]
    # the top-right corner pixel keeps the clear colour (0.1, 0.2, 0.3, 1) as UNORM8 (within half a step)
    c = inspector.texel(d0, rt, scene.W - 1, 0)["value"]
    assert c == pytest.approx([0.1, 0.2, 0.3, 1.0], abs=0.5 / 255 + 1e-6)
    assert all(round(v * 255, 3).is_integer() for v in c)
    from io import BytesIO

    from PIL import Image

    img = np.asarray(Image.open(BytesIO(inspector.texture_png(d0, rt, channels="r"))))
    assert img.shape == (scene.H, scene.W, 4)
    assert img[10, 1, 0] == 255 and img[0, scene.W - 1, 0] == round(c[0] * 255)  # one channel shows as grey
    assert img[10, 1, 1] == img[10, 1, 0]
    with pytest.raises(ValueError):
        inspector.texel(d0, rt, scene.W, 0)


def test_buffer_table_shows_the_compute_result(inspector):
    ev = inspector.events()
    copy = next(e["index"] for e in ev if e["method"] == "CopyResource")
    ub = next(r["id"] for r in inspector.summary()["resources"]
              if r["kind"] == "Buffer" and r["desc"].get("BindFlags") == 0x80)  # the UAV buffer
    rows = inspector.buffer(copy, ub, "uint", columns=8)["rows"]
    # CS: outbuf[id.x] = id.x * 3 + 1 for 2 groups of 4 threads
    assert rows[0]["values"] == [k * 3 + 1 for k in range(8)]
    hexrows = inspector.buffer(copy, ub, "hex", columns=4)["rows"]
    assert hexrows[0]["values"][1] == "0x00000004"


def test_mesh_view_lists_vertex_shader_inputs_and_outputs(inspector):
    d1 = _draws(inspector)[1]["index"]  # Draw(3, 3): elements 3..5 of VERTS, SV_VertexID 0..2 (§8.16)
    m = inspector.mesh(d1)
    assert [v["vertex_id"] for v in m["vertices"]] == [0, 1, 2]
    for v in m["vertices"]:
        want = scene.VERTS[3 + v["vertex_id"]]
        assert v["inputs"]["v0"] == pytest.approx(list(want[:4]))
        assert v["inputs"]["v1"] == pytest.approx(list(want[4:]))
        assert v["outputs"]["o0"] == pytest.approx(list(want[:4]))  # the VS passes position and colour
        assert v["outputs"]["o1"] == pytest.approx(list(want[4:]))
    with pytest.raises(ValueError):
        inspector.mesh(0)


def test_history_and_debugger_agree_with_the_blend_equation(inspector):
    rt = _rid(inspector, "backbuf")
    d0, d1 = (d["index"] for d in _draws(inspector))
    # pixel (14, 1) is only in the second triangle (upper-right half: green, alpha 0.5, tint (1, .5, 1, 1)),
    # blended over the clear colour
    dst = np.float32(inspector.texel(d0, rt, 14, 1)["value"])
    assert dst == pytest.approx([0.1, 0.2, 0.3, 1.0], abs=0.5 / 255 + 1e-6)
    h = inspector.history(rt, 14, 1)
    ev = next(e for e in h["events"] if e["event"] == d1)
    f = ev["fragments"][0]
    src = np.float32([0.0, 0.5, 0.0, 0.5])  # colour * tint
    assert f["shader_output"] == pytest.approx(list(src))
    # SRC_ALPHA / INV_SRC_ALPHA on colour, ONE / ZERO on alpha (§17.4)
    want = list(src[:3] * np.float32(0.5) + dst[:3] * np.float32(0.5)) + [float(src[3])]
    assert f["blend"]["result"] == pytest.approx(want, abs=1e-6)
    assert ev["after"] == pytest.approx(want, abs=0.5 / 255 + 1e-6)
    dp = inspector.debug_pixel(d1, 14, 1)
    last = dp["traces"][-1]
    writes = {w["name"]: w["float"] for s in last["steps"] for w in s["writes"]}
    assert [writes[f"o0.{c}"] for c in "xyzw"] == pytest.approx(list(src))
    assert "text" in h and f"event {d1}" in h["text"]


# --- HTTP ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def server(scene_capture):
    srv = insp.serve(scene_capture)
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()


def _get(url: str) -> tuple[int, bytes, str]:
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return r.status, r.read(), r.headers["Content-Type"]
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers["Content-Type"]


def test_http_routes(server):
    code, body, ctype = _get(server + "/")
    assert code == 200 and ctype.startswith("text/html") and b"pyd3d11 inspector" in body
    code, body, _ = _get(server + "/api/events")
    assert code == 200 and len(json.loads(body)) > 10
    rt = next(r["id"] for r in json.loads(_get(server + "/api/summary")[1])["resources"] if r["name"] == "backbuf")
    code, body, ctype = _get(server + f"/api/texture.png?event=-1&resource={rt}&channels=g&lo=0&hi=2")
    assert code == 200 and ctype == "image/png" and body[:8] == b"\x89PNG\r\n\x1a\n"
    code, body, _ = _get(server + "/api/texture.png?event=-1&resource=1")  # the context: no resource
    assert code == 400 and b"not a resource" in body
    code, body, _ = _get(server + f"/api/buffer?event=-1&resource={rt}")  # a texture is no buffer
    assert code == 400
    code, body, _ = _get(server + "/api/nothing")
    assert code == 404
    code, body, _ = _get(server + "/api/state")  # missing event
    assert code == 400 and b"event" in body
    code, body, _ = _get(server + "/api/state?event=99999")
    assert code == 400


# --- a real browser -----------------------------------------------------------------------------------

def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        p = shutil.which(name)
        if p:
            return p
    if os.environ.get("CI") and hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        # CI installs what it needs itself (the README's test command on a fresh machine, as root)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], check=False, capture_output=True, env=env, timeout=900)
        subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], check=False, capture_output=True,
                       env=env, timeout=900)
        return shutil.which("chromium")
    return None


@pytest.fixture(scope="module")
def browser_path() -> str:
    path = _chromium()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium missing in CI (apt-get install chromium)")
        pytest.skip("no system Chromium (apt-get install chromium)")
    if not os.environ.get("CI"):
        pytest.importorskip("playwright")  # a dev extra; in CI its absence is a failure
    return path


@pytest.fixture(scope="module")
def cube_capture(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("cube") / "cube.pyd3dcap"
    env = {**os.environ, "PYD3D11_CAPTURE_FRAME": "1", "PYD3D11_CAPTURE_FILE": str(path),
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    # --debug: the sample's _DEBUG build, shaders compiled with D3DCOMPILE_DEBUG (HLSL-level stepping)
    subprocess.run([sys.executable, str(ROOT / "examples" / "tutorials" / "tutorial04.py"), "--frames", "2",
                    "--size", "64", "48", "--debug"], check=True, env=env, timeout=600)
    return str(path)


@ONCE
def test_browser_end_to_end(browser_path, cube_capture, tmp_path):
    from playwright.sync_api import sync_playwright

    shots = Path(os.environ.get("PYD3D11_INSPECTOR_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    srv = insp.serve(cube_capture)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    expected = insp.Inspector(cube_capture)  # the Python API: what the page must show
    last_draw = [e for e in expected.events() if e["kind"] == "draw"][-1]["index"]
    rt = next(r["id"] for r in expected.summary()["resources"] if r["kind"] == "Texture2D")
    want_ps = expected.debug_pixel(last_draw, 32, 24)["traces"][-1]
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=browser_path, headless=True, args=["--no-sandbox"])
            page = b.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url)
            page.wait_for_selector("body[data-ready='1']", timeout=60_000)
            page.click(f".ev[data-index='{last_draw}']")
            page.wait_for_function("document.getElementById('state-json').textContent.includes('stages')",
                                   timeout=120_000)
            page.screenshot(path=str(shots / "1_state.png"))
            page.click("nav button[data-tab='texture']")
            page.select_option("#tex-res", str(rt))
            page.select_option("#tex-zoom", "4")
            page.wait_for_function("document.getElementById('tex-img').naturalWidth === 64", timeout=60_000)
            page.wait_for_function("document.getElementById('tex-img').width === 256", timeout=60_000)
            page.click("#tex-img", position={"x": 32 * 4 + 1, "y": 24 * 4 + 1})
            page.wait_for_function("document.getElementById('texel').textContent.includes('(32, 24)')",
                                   timeout=60_000)
            page.screenshot(path=str(shots / "2_texture.png"))
            page.click("#btn-history")
            page.wait_for_function("document.getElementById('history-text').textContent.includes('DrawIndexed')",
                                   timeout=120_000)
            history = page.inner_text("#history-text")
            page.screenshot(path=str(shots / "3_history.png"))
            page.click("nav button[data-tab='texture']")
            page.click("#btn-debug")
            page.wait_for_selector("#dbg-steps .step", timeout=120_000)
            n_steps = page.locator("#dbg-steps .step").count()
            page.click("#dbg-fwd")
            pos = page.inner_text("#dbg-pos")
            page.click("#dbg-last")
            regs = {r.get_attribute("data-reg"): r.inner_text() for r in page.locator("#dbg-regs tr[data-reg]").all()}
            hlsl_where = page.inner_text("#dbg-line")
            hlsl_line = page.inner_text("#dbg-src .src.cur")
            page.screenshot(path=str(shots / "4_debugger.png"))
            b.close()
    finally:
        srv.shutdown()
        srv.server_close()
    assert f"event {last_draw} DrawIndexed" in history and "written" in history
    assert n_steps == len(want_ps["steps"])
    assert pos == f"step 2 of {n_steps}"
    o0x = next(w for s in want_ps["steps"] for w in s["writes"] if w["name"] == "o0.x")
    assert str(o0x["float"]) in regs["o0.x"] and o0x["hex"] in regs["o0.x"]
    # HLSL level: the last step is on the pixel shader's return statement, shown in the source pane
    last_line = want_ps["steps"][-1]["line"]
    assert hlsl_where.endswith(f"Tutorial04.fxh({last_line})") and "return" in hlsl_line
    for name in ("1_state.png", "2_texture.png", "3_history.png", "4_debugger.png"):
        assert (shots / name).stat().st_size > 5000


@pytest.fixture(scope="module")
def bezier_capture(tmp_path_factory) -> str:
    """Frame 1 of the SimpleBezier11 port (hull and domain shaders), its _DEBUG build (/Zi shaders)."""
    path = tmp_path_factory.mktemp("bezier") / "bezier.pyd3dcap"
    env = {**os.environ, "PYD3D11_CAPTURE_FRAME": "1", "PYD3D11_CAPTURE_FILE": str(path),
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    subprocess.run([sys.executable, str(ROOT / "examples" / "samples" / "simple_bezier11.py"), "--frames", "2",
                    "--size", "64", "48", "--subdivs", "4", "--debug"], check=True, env=env, timeout=600)
    return str(path)


def _mobius_strip() -> np.ndarray:
    sys.path.insert(0, str(ROOT / "examples" / "samples"))
    try:
        import simple_bezier11
    finally:
        sys.path.pop(0)
    return np.asarray(simple_bezier11.g_MobiusStrip.view(np.float32)).reshape(-1, 3)


def test_stage_invocations_of_the_bezier_draw(bezier_capture):
    """The Python API behind the page's stage picker: SimpleBezier11 draws 4 patches of 16 control points
    (MobiusStrip.h); BezierHS only copies control point i to output i (Output.vPosition = p[i].vPosition), which
    d3dcompiler_47 10.1 compiles to a hull shader without a control-point phase (the runtime passes the points
    through; session 49, REFL: hs.passes_control_points), so the hull invocations are BezierConstantHS's, once per
    patch; integer partitioning at 4 subdivisions gives a 5x5 grid of domain points per quad patch."""
    i = insp.Inspector(bezier_capture)
    ev = [e for e in i.events() if e["kind"] == "draw"][-1]["index"]
    hs = i.invocations(ev, "hs")["invocations"]
    assert [d for d in hs if d["phase"] == "control_point"] == []
    assert sorted(d["primitive_id"] for d in hs) == [0, 1, 2, 3]
    ds = i.invocations(ev, "ds")["invocations"]
    assert len(ds) == 4 * 25 and i.invocations(ev, "gs")["invocations"] == []
    for k in range(4):
        t = i.debug_stage(ev, "hs", k)
        assert t["invocation"]["primitive_id"] == k
        # (its stores are of the constant buffer's factor, which the listing places at the function's return)
        assert t["invocation"]["phase"] == "fork" and any("return Output;" in h["text"] for h in t["hlsl"])


@ONCE
def test_browser_steps_hull_and_domain_invocations(browser_path, bezier_capture, tmp_path):
    from playwright.sync_api import sync_playwright

    shots = Path(os.environ.get("PYD3D11_INSPECTOR_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    srv = insp.serve(bezier_capture)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    expected = insp.Inspector(bezier_capture)
    draw = [e for e in expected.events() if e["kind"] == "draw"][-1]["index"]
    want_hs = expected.debug_stage(draw, "hs", 2)  # (BezierConstantHS of patch 2: the pass-through hull shader)
    want_ds = expected.debug_stage(draw, "ds", 7)
    got: dict[str, dict] = {}
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=browser_path, headless=True, args=["--no-sandbox"])
            page = b.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url)
            page.wait_for_selector("body[data-ready='1']", timeout=60_000)
            page.click(f".ev[data-index='{draw}']")
            page.wait_for_function("document.getElementById('state-json').textContent.includes('stages')",
                                   timeout=120_000)
            page.click("nav button[data-tab='debugger']")
            for stage, index, shot in (("hs", 2, "5_hull.png"), ("ds", 7, "6_domain.png")):
                page.select_option("#stage-pick", stage)
                page.evaluate("document.getElementById('stage-inv').innerHTML = ''")
                page.click("#btn-invocations")
                page.wait_for_function(f"document.getElementById('stage-inv').options.length > {index}",
                                       timeout=120_000)
                label = page.locator("#stage-inv option").nth(index).inner_text()
                page.select_option("#stage-inv", str(index))
                page.evaluate("document.getElementById('dbg-steps').innerHTML = ''")
                page.click("#btn-debug-stage")
                page.wait_for_selector("#dbg-steps .step", timeout=120_000)
                n_steps = page.locator("#dbg-steps .step").count()
                page.click("#dbg-line-fwd")
                first_line = page.inner_text("#dbg-line")
                page.click("#dbg-last")
                regs = {r.get_attribute("data-reg"): r.inner_text()
                        for r in page.locator("#dbg-regs tr[data-reg]").all()}
                got[stage] = {"label": label, "steps": n_steps, "first_line": first_line, "regs": regs,
                              "where": page.inner_text("#dbg-line"), "src": page.inner_text("#dbg-src .src.cur")}
                page.screenshot(path=str(shots / shot))
            b.close()
    finally:
        srv.shutdown()
        srv.server_close()
    for stage, want in (("hs", want_hs), ("ds", want_ds)):
        g = got[stage]
        assert g["steps"] == len(want["steps"])
        ident = {k: v for k, v in want["invocation"].items() if k != "stage"}
        assert all(f"{k}={v}" in g["label"] for k, v in ident.items() if k != "domain")
        last = want["steps"][-1]
        assert g["where"].endswith(f"SimpleBezier11.hlsl({last['line']})") and "return" in g["src"]
        # "line ▶" from the first step goes to the next HLSL line (the first one when step 0 is a declaration)
        at = max([k for k, h in enumerate(want["hlsl"]) if h["first"] <= 0], default=-1)
        if at + 1 < len(want["hlsl"]):  # (the hull invocation's steps all map to one line, its return)
            assert g["first_line"].endswith(f"({want['hlsl'][at + 1]['line']})")
        o0x = [w for s in want["steps"] for w in s["writes"] if w["name"] == "o0.x"][-1]  # its value at the end
        assert o0x["hex"] in g["regs"]["o0.x"]
    # the hull invocation is patch 2's constant function (fxc's pass-through hull shader has no control-point phase)
    assert "primitive_id=2" in got["hs"]["label"]
    for name in ("5_hull.png", "6_domain.png"):
        assert (shots / name).stat().st_size > 5000


@pytest.fixture(scope="module")
def nbody_capture(tmp_path_factory) -> str:
    """Frame 2 of the NBodyGravityCS11 port (compute, then point sprites from a geometry shader), /Zi shaders."""
    path = tmp_path_factory.mktemp("nbody") / "nbody.pyd3dcap"
    env = {**os.environ, "PYD3D11_CAPTURE_FRAME": "2", "PYD3D11_CAPTURE_FILE": str(path),
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    subprocess.run([sys.executable, str(ROOT / "examples" / "samples" / "nbody_gravity_cs11.py"), "--frames", "2",
                    "--size", "48", "32", "--particles", "64", "--seed", "3", "--debug"], check=True, env=env,
                   timeout=600)
    return str(path)


def test_geometry_invocations_of_the_nbody_draw(nbody_capture):
    """GSParticleDraw runs once per particle (a point list of MAX_PARTICLES = 64 points); its input[0].pos is
    what VSParticleDraw read from the position buffer bound at the draw (g_bufPosVelo[id].pos, the .xyz the
    GS input declares)."""
    i = insp.Inspector(nbody_capture)
    ev = [e for e in i.events() if e["kind"] == "draw"][-1]["index"]
    gs = i.invocations(ev, "gs")["invocations"]
    assert [d["primitive_id"] for d in gs] == list(range(64))
    srv = i.state(ev)["stages"]["VS"]["shader_resources"][0]
    pos_velo = np.frombuffer(i.cap.resource_bytes(srv["resource"]).tobytes(), np.float32).reshape(-1, 8)
    for k in (0, 17, 63):
        t = i.debug_stage(ev, "gs", k)
        assert t["invocation"]["primitive_id"] == k
        first = next(s for s in t["steps"] if s.get("line") == 108)  # for (int i = 0; ...): the first line
        want = [f"0x{int(b):08x}" for b in pos_velo[k, :3].view(np.uint32)]
        assert first["variables"]["input[0].pos"] == want
        # four Appends, one per corner of the sprite (maxvertexcount(4))
        assert sum(1 for s in t["steps"] if s["text"].startswith("emit")) == 4


def test_layer_of_a_3d_texture_and_a_multisampled_one(tmp_path):
    """The texture viewer's "z / sample" field: a Texture3D shows its W slice ``z`` (texel, PNG and pixel history
    take it), a multisampled texture its sample; a layer outside the resource is an error. Slice k of the 3D
    texture holds (k + 1) / 4 in every channel; the 4x MSAA target is cleared to (0.5, 0.25, 0, 1)."""
    from pyd3d11.d3d11 import (
        D3D11_BIND_RENDER_TARGET,
        D3D11_BIND_SHADER_RESOURCE,
        D3D11_BOX,
        D3D11_TEXTURE2D_DESC,
        D3D11_TEXTURE3D_DESC,
        D3D11CreateDevice,
    )
    from pyd3d11.dxgi import DXGI_SAMPLE_DESC

    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    vol = dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=4, Height=2, Depth=3, MipLevels=1, Format=2,
                                                   BindFlags=D3D11_BIND_SHADER_RESOURCE))
    ms = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=2, MipLevels=1, ArraySize=1, Format=2,
                                                  SampleDesc=DXGI_SAMPLE_DESC(Count=4), BindFlags=D3D11_BIND_RENDER_TARGET))
    path = tmp_path / "layers.pyd3dcap"
    with dbg.capture(ctx, path):
        for k in range(3):
            data = np.full((2, 4, 4), (k + 1) / 4, np.float32)
            ctx.UpdateSubresource(vol, 0, D3D11_BOX(0, 0, k, 4, 2, k + 1), data, 64, 128)
        ctx.ClearRenderTargetView(dev.CreateRenderTargetView(ms, None), (0.5, 0.25, 0.0, 1.0))
    i = insp.Inspector(str(path))
    last = len(i.events()) - 1
    res = {r["kind"]: r["id"] for r in i.summary()["resources"]}
    v3, v2 = res["Texture3D"], res["Texture2D"]
    for k in range(3):
        assert i.texel(last, v3, 1, 1, z=k)["value"] == [(k + 1) / 4] * 4
    png = i.texture_png(last, v3, channels="r", z=2)
    from io import BytesIO

    from PIL import Image

    assert np.asarray(Image.open(BytesIO(png)))[0, 0, 0] == round(0.75 * 255)
    assert i.texel(last, v2, 3, 1, sample=3)["value"] == [0.5, 0.25, 0.0, 1.0]
    with pytest.raises(ValueError):
        i.texel(last, v3, 0, 0, z=3)
    h = i.history(v3, 1, 1, z=2)
    assert len(h["events"]) == 1  # only the update of slice 2 touched (1, 1, 2)
