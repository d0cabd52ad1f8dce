"""pyd3d11's documented shader debug information (D3DCOMPILE_DEBUG, fxc /Zi; issue 18 item 4).

fxc writes its debug information as a PDB in an ``SPDB`` chunk. pyd3d11's compiler writes its own contents in a
chunk of that name (``PYDB`` before session 49; docs/debugging.md, "Debug information"): UTF-8 JSON with

* ``format`` ``"pyd3d11-debug"``, ``version`` 1;
* ``sources``: ``{file name: source text}`` of every file of the compile (the main file and each ``#include``d
  file, by the name the line table uses);
* ``files``: the file names the line table uses (every file of ``sources`` is listed);
* ``lines``: one entry per program instruction (the decoded program's ``instructions``, declarations included):
  ``[file index, line]`` of the HLSL statement it came from, or ``null`` for declarations;
* ``variables``: the local variables, each ``{"name", "type", "file", "first", "last", "components"}`` where
  ``first``/``last`` are the source lines the variable is in scope for (its declaration to the end of its
  block) and ``components`` lists, per scalar component in declaration order, ``{"reg": r#, "comp": 0..3,
  "live": [first instruction, last instruction]}`` — where the value lives while it is live —, ``{"input":
  [vertex, register] or [register], "comp": 0..3}`` for a component read straight from an input register
  (geometry-shader input arrays, input/output patches: valid throughout), or ``null`` when optimisation removed
  it. Version 2 adds: the entry point's parameters (``"parameter": true``, in scope over the function), and
  ``members`` for struct-typed variables: ``[{"name": "pos" | "a[1].b", "offset": first component, "count"}]``.

:func:`attach` / :func:`lookup` keep the decoded information beside a decoded :class:`~pyd3d11.shader.ir.Program`
(the device attaches it when a shader is created), so the debugger finds it from the program a trace ran.
"""

from __future__ import annotations

import json
import weakref
from dataclasses import dataclass, field
from typing import Any

#: the chunk it is written in: fxc's debug-information chunk, so that D3DGetBlobPart(D3D_BLOB_PDB) answers it and
#: D3D_BLOB_DEBUG_INFO / D3DGetDebugInfo fail as they do on fxc's /Zi objects (d3dcompiler_47 10.1, session 49); its
#: contents are this JSON, not a PDB
FOURCC = "SPDB"
#: the chunk of the objects written before session 49 (still read)
LEGACY_FOURCC = "PYDB"
FORMAT = "pyd3d11-debug"
VERSION = 2


@dataclass
class DebugInfo:
    files: list[str]
    sources: dict[str, str]
    lines: list[tuple[int, int] | None]
    variables: list[dict] = field(default_factory=list)

    def line_of(self, instruction_index: int) -> tuple[str, int] | None:
        """(file, line) of a program instruction, or None (declarations, out of range)."""
        if 0 <= instruction_index < len(self.lines) and self.lines[instruction_index] is not None:
            f, ln = self.lines[instruction_index]
            return self.files[f], ln
        return None

    def source_line(self, file: str, line: int) -> str:
        text = self.sources.get(file)
        if text is None:
            return ""
        rows = text.splitlines()
        return rows[line - 1] if 0 < line <= len(rows) else ""


def encode(info: DebugInfo) -> bytes:
    return json.dumps({"format": FORMAT, "version": VERSION, "files": info.files, "sources": info.sources,
                       "lines": [list(x) if x is not None else None for x in info.lines],
                       "variables": info.variables}, separators=(",", ":")).encode("utf-8")


def decode(data: bytes) -> DebugInfo:
    """The chunk's contents; ValueError when it is not a PYDB chunk this version reads."""
    try:
        d = json.loads(bytes(data).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"PYDB chunk is not JSON: {exc}") from None
    if not isinstance(d, dict) or d.get("format") != FORMAT or int(d.get("version", 0)) > VERSION:
        raise ValueError("not a pyd3d11 debug-information chunk of a known version")
    lines = [tuple(x) if isinstance(x, list) and len(x) == 2 else None for x in d.get("lines", [])]
    return DebugInfo(list(d.get("files", [])), dict(d.get("sources", {})), lines, list(d.get("variables", [])))


def find(container: Any) -> DebugInfo | None:
    """The decoded information of a parsed container (``get(fourcc)``): its SPDB chunk where that holds this
    format (fxc's objects hold a PDB there), else a PYDB chunk of an older object; None when neither does."""
    for fourcc in (FOURCC, LEGACY_FOURCC):
        data = container.get(fourcc)
        if data is not None:
            try:
                return decode(data)
            except ValueError:
                continue  # fxc's PDB / a newer version: the shader still runs, the debugger steps DXBC
    return None


_ATTACHED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def attach(program: Any, info: DebugInfo) -> None:
    _ATTACHED[program] = info


def lookup(program: Any) -> DebugInfo | None:
    try:
        return _ATTACHED.get(program)
    except TypeError:
        return None
