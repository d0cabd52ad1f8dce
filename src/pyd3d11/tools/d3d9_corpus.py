"""Compile the Direct3D 9 shaders of DXDecompiler's ShadersDX9 corpus and compare constant registers with fxc's.

Usage: ``python -m pyd3d11.tools.d3d9_corpus DIR [-v]`` where DIR is a checkout's
``src/DXDecompiler.Tests/ShadersDX9`` (public repository spacehamster/DXDecompiler). Its ``CompileShaders.bat``
lists every fxc compile (folder, file, output name, target, entry point, flags) and the folder holds fxc's
listing of each output (``NAME.asm``); this tool compiles the vs_2_0 / vs_2_a / vs_3_0 / ps_2_0 / ps_2_a / ps_2_b /
ps_3_0 ones with pyd3d11's D3DCompile and compares the CTAB's registers (name, register, size) with the
listing's "Registers" section, and the listing's header text (creator, Parameters, Registers) with
fxc's. Outputs written twice keep the last compile's listing; effect listings are
skipped. A development measurement (docs/conformance.md, session 10 HL3), not a test: the corpus is not vendored.
"""

from __future__ import annotations

import collections
import os
import re
import shlex
import sys

TARGETS = {"vs_2_0", "vs_2_a", "vs_3_0", "ps_2_0", "ps_2_a", "ps_2_b", "ps_3_0"}
_REGISTERS = re.compile(r"// Registers:\n//\n//   Name.*\n//   -.*\n((?://   .*\n)+)")


def fxc_registers(listing: str) -> dict[str, tuple[str, int]]:
    """name -> (register, size) from an fxc listing's Registers section."""
    m = _REGISTERS.search(listing)
    out: dict[str, tuple[str, int]] = {}
    for line in m.group(1).splitlines() if m else []:
        parts = line[5:].split()
        if len(parts) == 3:
            out[parts[0]] = (parts[1], int(parts[2]))
    return out


def jobs(root: str) -> list[list[str]]:
    """The D3D9 compiles of CompileShaders.bat: [folder, file, output, target, entry, flags...], one per output."""
    found: dict[tuple[str, str], list[str]] = {}
    with open(os.path.join(root, "CompileShaders.bat"), encoding="latin-1") as f:
        for line in f:
            if line.startswith("CALL CompileShader.bat"):
                args = shlex.split(line.split("||")[0])[2:]
                if len(args) >= 5 and args[3] in TARGETS:
                    found[(args[0], args[2])] = args
    return list(found.values())


def _find(root: str, folder: str, name: str) -> str | None:
    """Windows paths: the folder's case may differ from the checkout's."""
    path = root
    for part in folder.split("/") + [name]:
        try:
            entries = {e.lower(): e for e in os.listdir(path)}
        except OSError:
            return None
        if part.lower() not in entries:
            return None
        path = os.path.join(path, entries[part.lower()])
    return path


class _Include:
    """ID3DInclude opening files beside the compiled one."""

    def __init__(self, base: str):
        self.base = base

    def Open(self, _type, name, _parent):  # noqa: N802 (ID3DInclude)
        with open(os.path.join(self.base, name), "rb") as g:
            return g.read()


def run(root: str, verbose: bool = False) -> collections.Counter:
    from ..d3dcompiler import D3DCompile, D3DDisassemble
    from ..errors import D3D11Error, NotSupportedError
    from ..shader.sm2.ctab import SET_LETTER, decode_ctab
    from ..shader.sm2.program import decode_program

    tally: collections.Counter = collections.Counter()
    for folder, file, out, target, entry, *flags in jobs(root):
        src_path = _find(root, folder, file)
        asm = _find(root, folder, out + ".asm")
        if src_path is None or asm is None:
            tally["no listing"] += 1
            continue
        with open(asm, encoding="latin-1") as f:
            listing = f.read()
        if "listing of all techniques" in listing[:200]:
            tally["no listing"] += 1
            continue
        with open(src_path, "rb") as f:
            src = f.read()
        defines = [tuple((x[2:].split("=", 1) + ["1"])[:2]) for x in flags if x.startswith("/D")]
        base = os.path.dirname(src_path)

        try:
            blob = bytes(D3DCompile(src, len(src), src_path, defines or None, _Include(base), entry, target,
                                    4 if "/Od" in flags else 0, 0))
        except NotSupportedError as e:
            tally["not built"] += 1
            verbose and print(out, target, "NOT BUILT", str(e)[:160])
            continue
        except D3D11Error as e:
            tally["compile error"] += 1
            verbose and print(out, target, "ERROR", str(e).splitlines()[0][-160:])
            continue
        tally["compiled"] += 1
        table = next(decode_ctab(i.values) for i in decode_program(blob).instructions if i.op == "comment")
        ours = {c.name: (f"{SET_LETTER[c.register_set]}{c.register_index}", c.register_count)
                for c in (table.constants if table else [])}
        theirs = fxc_registers(listing)
        tally["registers agree" if ours == theirs else "registers differ"] += 1
        # the listing's header (creator, Parameters, Registers) up to the version line, text for text
        version = "\n    " + decode_program(blob).profile + "\n"
        mine = bytes(D3DDisassemble(blob, None, 0, None)).decode().rstrip("\0")
        tally["listing header equal" if mine.split(version)[0] == listing.split(version)[0] else
              "listing header differs"] += 1
        if ours != theirs and verbose:
            print(out, target, "REGISTERS", {k: v for k, v in ours.items() if theirs.get(k) != v},
                  "fxc", {k: v for k, v in theirs.items() if ours.get(k) != v})
    return tally


def tally_main(run_fn, doc: str | None, argv: list[str] | None) -> int:
    """``TOOL DIR [-v]``: ``run_fn(DIR, verbose)``'s tally printed as ``name: count`` pairs (this tool and
    tools/d3d9_effects)."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print(doc)
        return 2
    tally = run_fn(args[0], "-v" in args)
    print(", ".join(f"{k}: {v}" for k, v in sorted(tally.items())))
    return 0


def main(argv: list[str] | None = None) -> int:
    return tally_main(run, __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
