"""``python -m pyd3d11.tools.fxc /T ps_5_0 /E main /Fo out.cso /Fc out.asm /D NAME=VAL /I dir file.hlsl``

An fxc.exe-compatible front end for D3DCompile (+ the disassembler for ``/Fc``). Options are spelled as
fxc spells them, with ``/`` or ``-``, the value attached (``/Tps_5_0``) or separate (``/T ps_5_0``):

  /T profile   /E entry (default main)   /Fo object file   /Fc listing file   /D name[=value]
  /I include dir   /Zi /Od /O0 /O1 /O2 /O3 /Zpr /Zpc /Gec /WX /Vd /nologo (flags)

Errors are printed as fxc prints them (``file(line,col): error X####: message`` then
``compilation failed; no code produced``) and the exit code is 1.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from pyd3d11.headers import d3dcompiler_types as D

#: fxc option -> D3DCOMPILE_* flag (d3dcompiler.h)
FLAG_OPTIONS = {
    "Zi": D.D3DCOMPILE_DEBUG,
    "Vd": D.D3DCOMPILE_SKIP_VALIDATION,
    "Od": D.D3DCOMPILE_SKIP_OPTIMIZATION,
    "Zpr": D.D3DCOMPILE_PACK_MATRIX_ROW_MAJOR,
    "Zpc": D.D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR,
    "Gec": D.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY,
    "Ges": D.D3DCOMPILE_ENABLE_STRICTNESS,
    "Gis": D.D3DCOMPILE_IEEE_STRICTNESS,
    "Gfa": D.D3DCOMPILE_AVOID_FLOW_CONTROL,
    "Gfp": D.D3DCOMPILE_PREFER_FLOW_CONTROL,
    "WX": D.D3DCOMPILE_WARNINGS_ARE_ERRORS,
    "O0": D.D3DCOMPILE_OPTIMIZATION_LEVEL0,
    "O1": D.D3DCOMPILE_OPTIMIZATION_LEVEL1,
    "O2": D.D3DCOMPILE_OPTIMIZATION_LEVEL2,
    "O3": D.D3DCOMPILE_OPTIMIZATION_LEVEL3,
    "nologo": 0,
}
VALUE_OPTIONS = ("Fo", "Fc", "T", "E", "D", "I")
USAGE = ("usage: python -m pyd3d11.tools.fxc /T <profile> [/E <entry>] [/Fo <file>] [/Fc <file>] "
         "[/D <id>=<text>] [/I <dir>] [/Zi /Od /O0-3 /Zpr /Zpc /Gec /WX /Vd /nologo] <file>")


class UsageError(Exception):
    pass


def parse_args(argv: list[str]) -> dict[str, Any]:
    """fxc's command line → {"T", "E", "Fo", "Fc", "D": [(name, value)], "I": [dirs], "flags", "file"}."""
    opts: dict[str, Any] = {"T": None, "E": "main", "Fo": None, "Fc": None, "D": [], "I": [], "flags": 0,
                            "file": None}
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        body = arg[1:]
        known = body in FLAG_OPTIONS or body in ("?", "help") or any(body.startswith(n) for n in VALUE_OPTIONS)
        # "/x/y.hlsl" is a POSIX path, not an option; "-Q" is an unknown option
        looks_like_path = arg.startswith("/") and ("/" in body or not known)
        if arg[:1] in ("/", "-") and len(arg) > 1 and not looks_like_path and not os.path.exists(arg):
            if body in ("?", "help"):
                raise UsageError(USAGE)
            if body in FLAG_OPTIONS:
                if body.startswith("O") and body != "Od":
                    opts["flags"] &= ~0xC000  # one optimisation level
                opts["flags"] |= FLAG_OPTIONS[body]
                continue
            for name in sorted(VALUE_OPTIONS, key=len, reverse=True):
                if body.startswith(name):
                    value = body[len(name):]
                    if not value:
                        if i >= len(argv):
                            raise UsageError(f"option /{name} needs a value")
                        value = argv[i]
                        i += 1
                    if name == "D":
                        n, _, v = value.partition("=")
                        opts["D"].append((n, v if v else "1"))
                    elif name == "I":
                        opts["I"].append(value)
                    else:
                        opts[name] = value
                    break
            else:
                raise UsageError(f"unknown option '{arg}'")
            continue
        if opts["file"] is not None:
            raise UsageError(f"more than one source file ('{opts['file']}', '{arg}')")
        opts["file"] = arg
    if opts["file"] is None:
        raise UsageError("no source file given")
    if not opts["T"]:
        raise UsageError("a target profile (/T) is required")
    return opts


class _IncludeDirs:
    """ID3DInclude searching as fxc does: the folder of the file that holds the ``#include`` (known from
    pParentData, the data this handler returned for it; the source file's folder for the source
    itself), then the /I folders in order."""

    def __init__(self, dirs: list[str]) -> None:
        self.dirs = dirs
        self.folders: dict[int, str] = {}  # id(returned data) -> its folder, while the compiler holds it

    def Open(self, IncludeType: int, pFileName: str, pParentData: Any) -> bytes:  # noqa: N802,N803
        from pyd3d11.shader.compile_api import resolve_include_path

        first = self.folders.get(id(pParentData)) if pParentData is not None else None
        for d in ([first] if first else []) + self.dirs:
            p = resolve_include_path(d, pFileName)
            if p is not None:
                data = Path(p).read_bytes()
                self.folders[id(data)] = str(Path(p).parent)
                return data
        raise FileNotFoundError(pFileName)

    def Close(self, pData: Any) -> None:  # noqa: N802,N803
        self.folders.pop(id(pData), None)


def _compiler() -> tuple[Any, Any]:
    from pyd3d11.d3dcompiler import D3DCompile
    from pyd3d11.shader.dxbc.disasm import disassemble

    return D3DCompile, disassemble


def compile_file(opts: dict[str, Any]) -> tuple[bytes | None, str]:
    """Compile per ``opts``; returns (bytecode or None, error text in fxc format)."""
    src_path = Path(opts["file"])
    try:
        data = src_path.read_bytes()
    except OSError as e:
        return None, f"error X3501: cannot open file '{src_path}': {e.strerror or e}\n"
    try:
        d3dcompile, _ = _compiler()
    except Exception as e:
        return None, f"error X3000: the HLSL compiler is not available ({type(e).__name__}: {e})\n"
    include = _IncludeDirs([str(src_path.parent), *opts["I"]])
    defines = [(n, v) for n, v in opts["D"]]
    messages: list = []
    try:
        blob = d3dcompile(data, len(data), str(src_path), defines, include, opts["E"], opts["T"], opts["flags"], 0,
                          messages)
    except Exception as e:
        text = getattr(e, "errors", None) or getattr(e, "message", None) or f"error X3000: {type(e).__name__}: {e}"
        return None, str(text).rstrip("\n") + "\n"
    from pyd3d11.shader.blob import blob_bytes

    warnings = "".join(bytes(blob_bytes(m)).decode("utf-8", "replace") for m in messages)
    return blob_bytes(blob), warnings  # fxc prints the warnings of a successful compile too


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        opts = parse_args(argv)
    except UsageError as e:
        print(f"{e}\n{USAGE}" if str(e) != USAGE else USAGE, file=sys.stderr)
        return 1
    code, errors = compile_file(opts)
    if code is None:
        sys.stderr.write(errors)
        sys.stderr.write("\ncompilation failed; no code produced\n")
        return 1
    if errors:
        sys.stderr.write(errors)
    if opts["Fo"]:
        Path(opts["Fo"]).write_bytes(code)
        print(f"compilation object save succeeded; see {os.path.abspath(opts['Fo'])}")
    if opts["Fc"] or not opts["Fo"]:
        _, disassemble = _compiler()
        try:
            listing = disassemble(code)
        except Exception as e:
            sys.stderr.write(f"error: disassembly failed ({type(e).__name__}: {e})\n")
            return 1
        if opts["Fc"]:
            Path(opts["Fc"]).write_text(listing)
            print(f"compilation code save succeeded; see {os.path.abspath(opts['Fc'])}")
        else:
            sys.stdout.write(listing)
    return 0


if __name__ == "__main__":
    sys.exit(main())
