"""The browser inspector of a frame capture (issue 18 item 5): ``python -m pyd3d11.tools.inspect FILE``.

Serves one local page (``inspector_page.html``, plain HTML + JavaScript, no build step, nothing to install
beyond pyd3d11) and a JSON API over a :class:`pyd3d11.debug.Capture`:

* the event list with annotation groups and markers;
* the complete pipeline state after any event;
* a texture viewer (PNG of any subresource after any event, per channel, with a value range) and the
  texel values under the cursor; picking a texel gives its exact pixel history;
* buffers as typed tables and, for a draw, the vertex shader's inputs and outputs per vertex;
* the shader debugger: every pixel-shader invocation of a draw at a pixel, vertex and compute-thread
  traces, step by step with the registers each instruction wrote (and HLSL lines when the program carries
  debug information).

Python API first (issue 18 item 6): :class:`Inspector` answers every request as plain data, so notebooks and
tests use the same functions the page calls. Everything runs on the reference executor (the debugger's
rule), in this process; requests are served one at a time because a replay is stateful.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import math
import threading
import webbrowser
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlparse

import numpy as np

from ..debug.capture_replay import DRAW_METHODS, WORK_METHODS, Capture
from ..errors import NotSupportedError

#: rows of a buffer table returned at most per request (the page pages through larger buffers)
BUFFER_ROWS = 256
#: vertices of a draw shown in the mesh view at most
MESH_VERTICES = 64
#: traces longer than this show HLSL variables only on request (the table is steps x variables)
TRACE_VARIABLE_STEPS = 4000
#: GS/HS/DS invocations listed per draw and stage
INVOCATION_LIMIT = 512


def plain(v: Any) -> Any:
    """``v`` as JSON-ready data: dataclasses as dicts, numpy values as Python numbers, bytes as hex,
    non-finite floats as strings ('nan', 'inf', '-inf')."""
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, np.ndarray):
        return plain(v.tolist())
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, (float, np.floating)):
        f = float(v)
        return f if math.isfinite(f) else str(f)
    if isinstance(v, (bytes, bytearray, memoryview)):
        return bytes(v).hex()
    if v is None or isinstance(v, str):
        return v
    return str(v)


class Inspector:
    """The data behind every panel of the page, for one capture file."""

    def __init__(self, path: str) -> None:
        self.cap = Capture.open(path)
        self.path = path
        self.lock = threading.Lock()
        self._invocations: dict[tuple[int, str], list[dict]] = {}
        #: capture id -> the event that created it (looked up on every texture request)
        self._creators = {e.created: e for e in self.cap.events if e.created is not None}

    # -- events -----------------------------------------------------------------------------------------
    def summary(self) -> dict:
        m = self.cap.manifest
        return {"path": self.path, "event_count": len(self.cap.events), "feature_level": m.get("feature_level"),
                "unsupported": self.cap.unsupported, "names": plain(self.cap.names),
                "resources": [self._resource_row(r) for r in self.cap.resources()]}

    def _resource_row(self, rid: int) -> dict:
        ev = self._creators[rid]
        desc = ev.raw["args"][0] if ev.raw["args"] else ev.raw["kwargs"].get("pDesc")
        return {"id": rid, "kind": ev.method[len("Create"):], "name": self.cap.names.get(rid), "created_at": ev.index,
                "desc": _fields(plain(desc))}

    def events(self) -> list[dict]:
        """Every event: index, method, target object, synthetic flag, open annotation groups, kind (draw,
        dispatch, work, marker, state; 'recorded' for work recorded on a deferred context, which runs at its
        ExecuteCommandList)."""
        out = []
        for e in self.cap.events:
            kind = "recorded" if e.obj != 1 and e.method in WORK_METHODS else \
                "draw" if e.method in DRAW_METHODS else "dispatch" if e.method.startswith("Dispatch") else \
                "work" if e.method in WORK_METHODS else "marker" if e.method in ("SetMarker", "BeginEvent", "EndEvent") \
                else "state"
            out.append({"index": e.index, "method": e.method, "object": e.obj, "synthetic": e.synthetic,
                        "groups": self.cap.groups(e.index), "kind": kind, "label": self._label(e)})
        return out

    def _label(self, e: Any) -> str:
        args = e.raw.get("args") or []
        if e.method in ("BeginEvent", "SetMarker") and args:
            return f"{e.method}({args[0]!r})"
        if e.method in DRAW_METHODS or e.method.startswith("Dispatch"):
            nums = [str(a) for a in args if isinstance(a, int)]
            return f"{e.method}({', '.join(nums)})"
        return e.method

    # -- state after an event -----------------------------------------------------------------------------
    def _at(self, event: int) -> Capture:
        return self.cap.replay_to(event)

    def state(self, event: int) -> dict:
        st = self._at(event).pipeline_state()

        def shaders(d: Any) -> Any:  # bytecode as disassembly text instead of bytes
            if isinstance(d, dict):
                if "bytecode" in d:
                    d = dict(d)
                    d["disassembly"] = _disassemble(d.pop("bytecode"))
                return {k: shaders(v) for k, v in d.items()}
            if isinstance(d, list):
                return [shaders(v) for v in d]
            return d
        return plain(shaders(st))

    def _resource(self, rid: int, kind: str) -> int:
        """``rid`` when it names a resource of ``kind`` ('texture' or 'buffer') in the capture."""
        method = self._created_by(rid)
        if method not in ("CreateBuffer", "CreateTexture1D", "CreateTexture2D", "CreateTexture3D"):
            raise ValueError(f"object {rid} is not a resource of this capture")
        if (kind == "buffer") != (method == "CreateBuffer"):
            raise ValueError(f"resource {rid} is not a {kind}")
        return rid

    def texture(self, event: int, resource: int, subresource: int = 0) -> np.ndarray:
        """Decoded texels of a subresource after ``event`` (see :func:`pyd3d11.texture_to_numpy`)."""
        return self._at(event).texture(self._resource(resource, "texture"), subresource)

    def _layer(self, t: np.ndarray, resource: int, sample: int, z: int) -> np.ndarray:
        """One 2D layer of a decoded subresource: a Texture3D's W slice ``z`` or a multisampled one's sample."""
        if t.ndim != 4:  # (D, H, W, C) for a Texture3D, (S, H, W, C) for a multisampled texture
            return t
        k = z if self._created_by(resource) == "CreateTexture3D" else sample
        if not 0 <= k < t.shape[0]:
            raise ValueError(f"layer {k} outside 0..{t.shape[0] - 1}")
        return t[k]

    def _created_by(self, rid: int) -> str:
        e = self._creators.get(rid)
        return e.method if e is not None else ""

    def texel(self, event: int, resource: int, x: int, y: int, subresource: int = 0, sample: int = 0,
              z: int = 0) -> dict:
        t = self._layer(self.texture(event, resource, subresource), resource, sample, z)
        if t.ndim == 2:  # 1D texture (W, C)
            t = t[None]
        if not (0 <= y < t.shape[0] and 0 <= x < t.shape[1]):
            raise ValueError(f"texel ({x}, {y}) outside {t.shape[1]}x{t.shape[0]}")
        return {"x": x, "y": y, "value": plain(t[y, x])}

    def texture_png(self, event: int, resource: int, subresource: int = 0, channels: str = "rgba",
                    lo: float = 0.0, hi: float = 1.0, sample: int = 0, z: int = 0) -> bytes:
        """The subresource as a PNG: ``channels`` picks which of r/g/b/a show (one channel shows as grey),
        values mapped linearly from [lo, hi] to 0..255."""
        from PIL import Image

        t = self._layer(self.texture(event, resource, subresource), resource, sample, z).astype(np.float64)
        if t.ndim == 2:
            t = t[None]
        if t.ndim == 3 and t.shape[-1] < 4:
            t = np.concatenate([t, np.zeros(t.shape[:2] + (4 - t.shape[-1],))], axis=-1)
            if "a" in channels:
                t[..., 3] = 1.0
        span = (hi - lo) or 1.0
        v = np.clip((np.nan_to_num(t, nan=0.0) - lo) / span, 0, 1)
        picked = [c for c in "rgba" if c in channels] or ["r"]
        idx = ["rgba".index(c) for c in picked]
        if len(idx) == 1:
            g = v[..., idx[0]]
            rgba = np.stack([g, g, g, np.ones_like(g)], axis=-1)
        else:
            rgba = np.zeros(v.shape[:2] + (4,))
            rgba[..., 3] = 1.0
            for c in idx:
                rgba[..., c] = v[..., c]
        img = Image.fromarray(np.round(rgba * 255).astype(np.uint8), "RGBA")
        buf = io.BytesIO()
        img.save(buf, "PNG")
        return buf.getvalue()

    def buffer(self, event: int, resource: int, view: str = "float", offset: int = 0, columns: int = 4) -> dict:
        """A buffer after ``event`` as rows of ``columns`` 32-bit words shown as ``view`` (float/uint/int/hex)."""
        data = self._at(event).resource_bytes(self._resource(resource, "buffer")).reshape(-1).view(np.uint8)
        words = data[: data.size - data.size % 4].view(np.uint32)
        columns = max(1, min(int(columns), 64))
        start = max(0, int(offset)) * columns
        chunk = words[start:start + BUFFER_ROWS * columns]
        rows = []
        for r in range(0, chunk.size, columns):
            w = chunk[r:r + columns]
            if view == "float":
                vals: list = plain(w.view(np.float32))
            elif view == "int":
                vals = plain(w.view(np.int32))
            elif view == "hex":
                vals = [f"0x{int(x):08x}" for x in w]
            else:
                vals = plain(w)
            rows.append({"row": (start + r) // columns, "values": vals})
        return {"bytes": int(data.size), "rows": rows, "columns": columns}

    def mesh(self, event: int, count: int = MESH_VERTICES) -> dict:
        """For a draw: the vertex shader's inputs and outputs of its first ``count`` vertices, each register
        as four 32-bit words shown as floats (``bits`` keeps the raw words)."""
        ev = self.cap.events[event]
        if ev.method not in DRAW_METHODS:
            raise ValueError(f"event {event} ({ev.method}) is not a draw")
        rows = self.cap.vertex_table(event, count)

        def floats(regs: dict) -> dict:
            return {k: plain(np.array(v, np.uint32).view(np.float32)) for k, v in regs.items()}
        return {"event": event, "vertices": [{**r, "inputs": floats(r["inputs"]), "outputs": floats(r["outputs"]),
                                              "bits": {"inputs": r["inputs"], "outputs": r["outputs"]}}
                                             for r in rows]}

    # -- pixel history and shader debugging ------------------------------------------------------------
    def history(self, resource: int, x: int, y: int, sample: int = 0, subresource: int = 0, z: int = 0) -> dict:
        h = self.cap.pixel_history(resource, x, y, sample, subresource, z)
        return {**plain(h), "text": h.format()}

    def debug_pixel(self, event: int, x: int, y: int, helpers: bool = False) -> dict:
        traces = self.cap.debug_pixel(event, x, y, helpers=helpers)
        return {"event": event, "x": x, "y": y, "traces": [self._trace(t) for t in traces]}

    def debug_vertex(self, event: int, vertex: int, instance: int = 0) -> dict:
        return self._trace(self.cap.debug_vertex(event, vertex, instance))

    def debug_thread(self, event: int, thread: tuple[int, int, int]) -> dict:
        return self._trace(self.cap.debug_thread(event, thread))

    def invocations(self, event: int, stage: str) -> dict:
        """The geometry/hull/domain (``stage`` 'gs', 'hs', 'ds') invocations the draw of ``event`` ran (the first
        :data:`INVOCATION_LIMIT`), each as its identity; :meth:`debug_stage` takes an index into this list."""
        ev = self.cap.events[event]
        if ev.method not in DRAW_METHODS:
            raise ValueError(f"event {event} ({ev.method}) is not a draw")
        key = (event, stage)
        if key not in self._invocations:
            self._invocations[key] = self.cap.stage_invocations(event, stage, INVOCATION_LIMIT + 1)
        rows = self._invocations[key]
        return {"event": event, "stage": stage, "invocations": plain(rows[:INVOCATION_LIMIT]),
                "truncated": len(rows) > INVOCATION_LIMIT}

    def debug_stage(self, event: int, stage: str, index: int) -> dict:
        """The trace of invocation ``index`` of :meth:`invocations` (its identity picks it)."""
        rows = self.invocations(event, stage)["invocations"]
        if not 0 <= index < len(rows):
            raise IndexError(f"invocation {index} outside 0..{len(rows) - 1}")
        select = {k: v for k, v in self._invocations[(event, stage)][index].items() if k != "domain"}
        t = self.cap.debug_stage(event, stage, **select)
        if t is None:
            raise LookupError(f"{stage} invocation {select} not found on replay")
        return self._trace(t)

    @staticmethod
    def _trace(t: Any) -> dict:
        """A ShaderTrace as data: every DXBC step (text, state, registers written, source operand values and,
        with /Zi debug information, its HLSL line and the variables in scope after it) and the HLSL lines."""
        steps = []
        info = t.debug_info
        for k, s in enumerate(t.steps):
            row = {"instruction": s.instruction_index, "text": s.text, "state": s.state, "depth": s.depth,
                   "writes": [{"name": w.name, "float": plain(w.as_float), "int": w.as_int, "hex": f"0x{w.bits:08x}"}
                              for w in s.writes],
                   "sources": [None if v is None else [f"0x{x:08x}" for x in v] for v in s.sources],
                   "memory": [str(m) for m in s.memory]}
            if s.source_line is not None:
                row["file"], row["line"] = s.source_line
                if info is not None and len(t.steps) <= TRACE_VARIABLE_STEPS:
                    row["variables"] = {name: [None if b is None else f"0x{b:08x}" for b in bits]
                                        for name, bits in t.variables(k).items()}
            steps.append(row)
        return {"invocation": plain(t.invocation), "helper": bool(t.helper), "discarded": t.discarded,
                "steps": steps, "source": t.source,
                "hlsl": [{"file": h.file, "line": h.line, "text": h.text, "first": h.first, "last": h.last}
                         for h in t.hlsl_steps()]}


def _fields(d: Any) -> Any:
    """A description as the capture file encodes it ({"struct": name, "fields": {...}}) as its fields."""
    if isinstance(d, dict):
        if set(d) == {"struct", "fields"}:
            return _fields(d["fields"])
        return {k: _fields(v) for k, v in d.items()}
    if isinstance(d, list):
        return [_fields(v) for v in d]
    return d


def _disassemble(bytecode: bytes) -> str:
    from ..d3dcompiler import D3DDisassemble

    try:
        blob = D3DDisassemble(bytecode, len(bytecode), 0, None)
        return bytes(blob.GetBufferPointer()).rstrip(b"\0").decode("utf-8", "replace")
    except Exception as exc:  # noqa: BLE001 - shown in the page, never fatal
        return f"// disassembly failed: {exc}"


# ------------------------------------------------------------------------------------------------------
# HTTP
# ------------------------------------------------------------------------------------------------------

def page() -> str:
    return resources.files(__package__).joinpath("inspector_page.html").read_text(encoding="utf-8")


def _int(q: dict, name: str, default: int | None = None) -> int:
    if name not in q:
        if default is None:
            raise ValueError(f"missing parameter {name!r}")
        return default
    return int(q[name][0])


def _handler(insp: Inspector) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet by default
            pass

        def _send(self, status: int, body: bytes, ctype: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            url = urlparse(self.path)
            q = parse_qs(url.query)
            try:
                if url.path in ("/", "/index.html"):
                    self._send(HTTPStatus.OK, page().encode(), "text/html; charset=utf-8")
                    return
                with insp.lock:
                    result = self._route(url.path, q)
                if isinstance(result, bytes):
                    self._send(HTTPStatus.OK, result, "image/png")
                else:
                    self._send(HTTPStatus.OK, json.dumps(result).encode(), "application/json")
            except KeyError as exc:
                self._send(HTTPStatus.NOT_FOUND, json.dumps({"error": f"unknown {exc}"}).encode(), "application/json")
            except (ValueError, IndexError, LookupError, NotSupportedError) as exc:
                self._send(HTTPStatus.BAD_REQUEST, json.dumps({"error": str(exc)}).encode(), "application/json")
            except Exception as exc:  # noqa: BLE001 - the page shows it; the server keeps serving
                msg = f"{type(exc).__name__}: {exc}"
                self._send(HTTPStatus.INTERNAL_SERVER_ERROR, json.dumps({"error": msg}).encode(), "application/json")

        def _route(self, path: str, q: dict) -> Any:
            e = lambda: _int(q, "event")  # noqa: E731
            routes = {
                "/api/summary": lambda: insp.summary(),
                "/api/events": lambda: insp.events(),
                "/api/state": lambda: insp.state(e()),
                "/api/texel": lambda: insp.texel(e(), _int(q, "resource"), _int(q, "x"), _int(q, "y"),
                                                 _int(q, "subresource", 0), _int(q, "sample", 0), _int(q, "z", 0)),
                "/api/texture.png": lambda: insp.texture_png(
                    e(), _int(q, "resource"), _int(q, "subresource", 0), q.get("channels", ["rgba"])[0],
                    float(q.get("lo", ["0"])[0]), float(q.get("hi", ["1"])[0]), _int(q, "sample", 0),
                    _int(q, "z", 0)),
                "/api/buffer": lambda: insp.buffer(e(), _int(q, "resource"), q.get("view", ["float"])[0],
                                                   _int(q, "offset", 0), _int(q, "columns", 4)),
                "/api/mesh": lambda: insp.mesh(e()),
                "/api/history": lambda: insp.history(_int(q, "resource"), _int(q, "x"), _int(q, "y"),
                                                     _int(q, "sample", 0), _int(q, "subresource", 0),
                                                     _int(q, "z", 0)),
                "/api/debug_pixel": lambda: insp.debug_pixel(e(), _int(q, "x"), _int(q, "y"),
                                                             bool(_int(q, "helpers", 0))),
                "/api/debug_vertex": lambda: insp.debug_vertex(e(), _int(q, "vertex"), _int(q, "instance", 0)),
                "/api/debug_thread": lambda: insp.debug_thread(e(), (_int(q, "x"), _int(q, "y", 0), _int(q, "z", 0))),
                "/api/invocations": lambda: insp.invocations(e(), q.get("stage", [""])[0]),
                "/api/debug_stage": lambda: insp.debug_stage(e(), q.get("stage", [""])[0], _int(q, "index")),
            }
            if path not in routes:
                raise KeyError(path)
            return routes[path]()

    return Handler


def serve(path: str, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A server for capture ``path`` (not yet serving: call ``serve_forever``); ``port`` 0 picks a free one
    (``server.server_address`` says which)."""
    return ThreadingHTTPServer((host, port), _handler(Inspector(path)))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.inspect", description=__doc__.split("\n\n")[0])
    ap.add_argument("capture", help="a .pyd3dcap file (pyd3d11.debug.capture / PYD3D11_CAPTURE_FRAME)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8011)
    ap.add_argument("--open", action="store_true", help="open the page in the default browser")
    a = ap.parse_args(argv)
    srv = serve(a.capture, a.host, a.port)
    url = f"http://{srv.server_address[0]}:{srv.server_address[1]}/"
    print(f"pyd3d11 inspector for {a.capture}: {url}  (Ctrl+C stops)", flush=True)
    if a.open:
        webbrowser.open(url)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()


if __name__ == "__main__":
    main()
