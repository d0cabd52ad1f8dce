"""``python -m pyd3d11.tools.fxc /T ps_5_0 /E main /Fo out.cso /Fc out.asm /Fh out.h /D NAME=VAL /I dir file.hlsl``

An fxc.exe-compatible front end for D3DCompile (+ the disassembler for ``/Fc``/``/Fh``). Options are spelled
as fxc spells them, with ``/`` or ``-``, the value attached (``/Tps_5_0``) or separate (``/T ps_5_0``);
``@file`` reads more arguments from a response file (whitespace-separated, double quotes group, one level
of nesting as fxc allows):

  outputs  /Fo object   /Fc listing   /Fh C header (``const BYTE <name>[]``, the listing in ``#if 0``)
           /Vn name (header variable; default ``g_<entry>``)   /Fe file (warnings and errors)
           /Fd file (the unstripped object with its debug data; /Fo is then stripped of debug data)
  inputs   /T profile   /E entry (default main)   /D name[=value]   /I include dir
  flags    /Zi /Od /O0 /O1 /O2 /O3 /Zpr /Zpc /Gpp /Gec /Ges /Gis /Gfa /Gfp /WX /Vd /nologo
           /all_resources_bound /enable_unbounded_descriptor_tables /res_may_alias (D3DCOMPILE_* bits)
  strip    /Qstrip_reflect /Qstrip_debug /Qstrip_priv (D3DStripShader on the /Fo and /Fh object)

An unknown option is reported as such (``unknown option '/x'``) with the usage and exit code 1. Errors
are printed as fxc prints them (``file(line,col): error X####: message`` then ``compilation failed; no
code produced``). Only the standard library is imported until a file is compiled, so start-up stays fast.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

# fxc option -> D3DCOMPILE_* flag. The values are those of d3dcompiler.h (also in
# pyd3d11.headers.d3dcompiler_types, which tests compare against); they are repeated here because importing
# the headers package costs half a second of start-up.
FLAG_OPTIONS = {
    "Zi": 0x1,  # D3DCOMPILE_DEBUG
    "Vd": 0x2,  # D3DCOMPILE_SKIP_VALIDATION
    "Od": 0x4,  # D3DCOMPILE_SKIP_OPTIMIZATION
    "Zpr": 0x8,  # D3DCOMPILE_PACK_MATRIX_ROW_MAJOR
    "Zpc": 0x10,  # D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR
    "Gpp": 0x20,  # D3DCOMPILE_PARTIAL_PRECISION
    "Gfa": 0x200,  # D3DCOMPILE_AVOID_FLOW_CONTROL
    "Gfp": 0x400,  # D3DCOMPILE_PREFER_FLOW_CONTROL
    "Ges": 0x800,  # D3DCOMPILE_ENABLE_STRICTNESS
    "Gec": 0x1000,  # D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
    "Gis": 0x2000,  # D3DCOMPILE_IEEE_STRICTNESS
    "O0": 0x4000,  # D3DCOMPILE_OPTIMIZATION_LEVEL0
    "O1": 0x0,  # D3DCOMPILE_OPTIMIZATION_LEVEL1 (the default)
    "O2": 0xC000,  # D3DCOMPILE_OPTIMIZATION_LEVEL2
    "O3": 0x8000,  # D3DCOMPILE_OPTIMIZATION_LEVEL3
    "WX": 0x40000,  # D3DCOMPILE_WARNINGS_ARE_ERRORS
    "res_may_alias": 0x80000,  # D3DCOMPILE_RESOURCES_MAY_ALIAS
    "enable_unbounded_descriptor_tables": 0x100000,  # D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES
    "all_resources_bound": 0x200000,  # D3DCOMPILE_ALL_RESOURCES_BOUND
    "nologo": 0,
}
# /Qstrip_* -> D3DCOMPILER_STRIP_* (d3dcompiler.h)
STRIP_OPTIONS = {"Qstrip_reflect": 0x1, "Qstrip_debug": 0x2, "Qstrip_priv": 0x8}
VALUE_OPTIONS = ("Fo", "Fc", "Fh", "Fd", "Fe", "Vn", "T", "E", "D", "I")
USAGE = ("usage: python -m pyd3d11.tools.fxc /T <profile> [/E <entry>] [/Fo <file>] [/Fc <file>] [/Fh <file> "
         "[/Vn <name>]] [/Fd <file>] [/Fe <file>] [/D <id>=<text>] [/I <dir>] [/Zi /Od /O0-3 /Zpr /Zpc /Gpp /Gec /Ges "
         "/Gis /Gfa /Gfp /WX /Vd /nologo /all_resources_bound /enable_unbounded_descriptor_tables /res_may_alias] "
         "[/Qstrip_reflect /Qstrip_debug /Qstrip_priv] [@<response file>] <file>")


class UsageError(Exception):
    pass


def split_response(text: str) -> list[str]:
    """Arguments of a response file: whitespace separates, double quotes group (the quotes are removed)."""
    out: list[str] = []
    cur: list[str] = []
    quoted = in_arg = False
    for ch in text:
        if ch == '"':
            quoted = not quoted
            in_arg = True
        elif ch.isspace() and not quoted:
            if in_arg:
                out.append("".join(cur))
                cur, in_arg = [], False
        else:
            cur.append(ch)
            in_arg = True
    if in_arg:
        out.append("".join(cur))
    return out


def expand_response_files(argv: list[str], depth: int = 0) -> list[str]:
    out: list[str] = []
    for arg in argv:
        if arg.startswith("@") and len(arg) > 1:
            if depth > 8:
                raise UsageError(f"response files nested too deeply at '{arg}'")
            try:
                text = Path(arg[1:]).read_text(encoding="utf-8-sig")
            except OSError as e:
                raise UsageError(f"cannot open response file '{arg[1:]}': {e.strerror or e}") from None
            out.extend(expand_response_files(split_response(text), depth + 1))
        else:
            out.append(arg)
    return out


def parse_args(argv: list[str]) -> dict[str, Any]:
    """fxc's command line → {"T", "E", "Fo", "Fc", "Fh", "Fd", "Fe", "Vn", "D": [(name, value)], "I": [dirs],
    "flags", "strip", "file"}."""
    opts: dict[str, Any] = {"T": None, "E": "main", "Fo": None, "Fc": None, "Fh": None, "Fd": None, "Fe": None,
                            "Vn": None, "D": [], "I": [], "flags": 0, "strip": 0, "file": None}
    argv = expand_response_files(list(argv))
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        body = arg[1:]
        known = body in FLAG_OPTIONS or body in STRIP_OPTIONS or body in ("?", "help") or \
            any(body.startswith(n) for n in VALUE_OPTIONS)
        # "/x/y.hlsl" (or any existing file) is a POSIX path, not an option; "/Qx" and "-Q" are unknown options
        looks_like_path = arg.startswith("/") and not known and ("/" in body or os.path.exists(arg))
        if arg[:1] in ("/", "-") and len(arg) > 1 and not looks_like_path and not os.path.exists(arg):
            if body in ("?", "help"):
                raise UsageError(USAGE)
            if body in FLAG_OPTIONS:
                if body.startswith("O") and body != "Od":
                    opts["flags"] &= ~0xC000  # one optimisation level
                opts["flags"] |= FLAG_OPTIONS[body]
                continue
            if body in STRIP_OPTIONS:
                opts["strip"] |= STRIP_OPTIONS[body]
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


def header_text(code: bytes, name: str, listing: str) -> str:
    """fxc's /Fh file: the listing inside ``#if 0``, then ``const BYTE name[]`` with six bytes a line."""
    rows = [", ".join(f"{b:3d}" for b in code[k:k + 6]) for k in range(0, len(code), 6)]
    body = ", \n".join("    " + r for r in rows)
    return f"#if 0\n{listing.rstrip(chr(10))}\n#endif\n\nconst BYTE {name}[] =\n{{\n{body}\n}};\n"


def _strip(code: bytes, flags: int) -> bytes:
    from pyd3d11.shader.blob import D3DStripShader, blob_bytes

    return bytes(blob_bytes(D3DStripShader(code, len(code), flags)))


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        opts = parse_args(argv)
    except UsageError as e:
        print(f"{e}\n{USAGE}" if str(e) != USAGE else USAGE, file=sys.stderr)
        return 1
    code, errors = compile_file(opts)
    if opts["Fe"]:
        Path(opts["Fe"]).write_text(errors)
    if code is None:
        sys.stderr.write(errors)
        sys.stderr.write("\ncompilation failed; no code produced\n")
        return 1
    if errors:
        sys.stderr.write(errors)
    code = bytes(code)
    if opts["Fd"]:
        Path(opts["Fd"]).write_bytes(code)  # the unstripped object carries the debug data
        print(f"compilation pdb save succeeded; see {os.path.abspath(opts['Fd'])}")
    strip = opts["strip"] | (0x2 if opts["Fd"] else 0)
    if strip:
        code = _strip(code, strip)
    listing = None
    if opts["Fc"] or opts["Fh"] or not (opts["Fo"] or opts["Fd"]):
        _, disassemble = _compiler()
        if str(opts["T"] or "").startswith("fx_"):  # an effect: fxc lists its buffers, objects and passes
            from pyd3d11.effects.listing import effect_listing as disassemble
        from pyd3d11.shader.sm2.disasm import d3d9_listing, is_d3d9_bytecode

        if is_d3d9_bytecode(code):  # vs_2_0 ... ps_3_0: D3D9 bytecode, fxc's D3D9 listing
            disassemble = d3d9_listing
        try:
            listing = disassemble(code)
        except Exception as e:
            sys.stderr.write(f"error: disassembly failed ({type(e).__name__}: {e})\n")
            return 1
    if opts["Fo"]:
        Path(opts["Fo"]).write_bytes(code)
        print(f"compilation object save succeeded; see {os.path.abspath(opts['Fo'])}")
    if opts["Fh"]:
        name = opts["Vn"] or f"g_{opts['E']}"
        Path(opts["Fh"]).write_text(header_text(code, name, listing or ""))
        print(f"compilation header save succeeded; see {os.path.abspath(opts['Fh'])}")
    if opts["Fc"]:
        Path(opts["Fc"]).write_text(listing or "")
        print(f"compilation code save succeeded; see {os.path.abspath(opts['Fc'])}")
    elif not (opts["Fo"] or opts["Fh"] or opts["Fd"]):
        sys.stdout.write(listing or "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
