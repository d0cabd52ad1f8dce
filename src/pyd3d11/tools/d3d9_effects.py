"""Compare pyd3d11's ``fx_2_0`` effects with fxc's objects in DXDecompiler's ShadersDX9 corpus.

Usage: ``python -m pyd3d11.tools.d3d9_effects DIR [-v]`` where DIR is a checkout's
``src/DXDecompiler.Tests/ShadersDX9`` (public repository spacehamster/DXDecompiler at the commit before 7b48f44).
Its ``CompileShaders.bat`` names every fxc compile; the ``fx_2_0`` ones (the DirectX SDK's Direct3D 9 effects and
a few of its own) left fxc's effect object (``NAME.o``) beside the source. This tool compiles each source with
pyd3d11's ``D3DCompile(..., "fx_2_0")`` (``/D`` defines, ``/Gec`` as backwards compatibility) and compares, read
by :func:`pyd3d11.effects.fx2binary.read_fx2` on both sides:

- parameters: name, semantic, D3DXPARAMETER_TYPE / CLASS, rows, columns, elements, struct members, flags, and
  the initial value of numeric parameters;
- annotations of parameters, techniques and passes: name, type and value (strings by text);
- techniques and passes: names, and each pass's states (operation, index, value type, literal values);
- shaders: which states and parameter elements hold shader bytecode, and which states name a parameter;
- effect expression programs (states set from parameters, array selectors): byte for byte.

fxc compiled these objects with its defaults (preshaders on), so shader bytecode is not compared byte for byte
(``tools/d3d9_corpus.py`` compares the shaders' constant tables). A development measurement, not a test: the
corpus is not vendored. Prints one line per difference with ``-v`` and a tally.
"""

from __future__ import annotations

import collections
import os
import shlex
import struct
import sys

from ..effects import fx2binary as B
from .d3d9_corpus import _find, _Include, tally_main


def jobs(root: str) -> list[list[str]]:
    """The fx_2_0 compiles of CompileShaders.bat: [folder, file, output, flags...]."""
    out = []
    with open(os.path.join(root, "CompileShaders.bat"), encoding="latin-1") as f:
        for line in f:
            if line.startswith("CALL CompileShader2.bat"):
                args = shlex.split(line.split("||")[0])[2:]
                if len(args) >= 4 and args[3] == "fx_2_0":
                    out.append(args[:3] + args[4:])
    return out


def _type(t: B.Fx2Type) -> tuple:
    return (t.name, t.semantic, t.ptype, t.pclass, t.rows, t.cols, t.elements, tuple(_type(m) for m in t.members))


def _is_object(t: B.Fx2Type) -> bool:
    return t.pclass == B.D3DXPC_OBJECT


def _value(eff: B.Fx2Effect, p: B.Fx2Param) -> object:
    """A comparable value: numbers as bytes, strings as text, shader objects as 'shader'/'NULL', others None."""
    t = p.type
    if not _is_object(t):
        return p.value
    if t.ptype == B.D3DXPT["STRING"]:
        ids = struct.unpack(f"<{len(p.value) // 4}I", p.value)
        return tuple(eff.strings.get(i) for i in ids)
    if t.ptype in (B.D3DXPT["VERTEXSHADER"], B.D3DXPT["PIXELSHADER"]) and p.sampler_states is None:
        ids = struct.unpack(f"<{len(p.value) // 4}I", p.value)
        return tuple("shader" if i in eff.blobs else "NULL" for i in ids)
    return None


def _annotations(eff: B.Fx2Effect, items: list[B.Fx2Param]) -> list:
    return [(_type(a.type), _value(eff, a)) for a in items]


def _state(s: B.Fx2State, res: dict) -> tuple:
    """A state: operation, index, value type and value; a state fed by a resource shows the resource's usage
    (0 shader bytecode or empty for NULL, 1 a parameter's name, 2 an array selector) in place of the object id."""
    t = s.value.type
    if _is_object(t):
        return (s.operation, s.index, t.ptype, res.get("usage"), res.get("what"))
    # a numeric state computed by an expression program: the program too
    return (s.operation, s.index, t.ptype, t.pclass, s.value.value, res.get("usage"), res.get("what"))


#: the version token of an effect expression program (effects/fx2preshader.py)
_FX_PROGRAM = struct.pack("<I", 0x46580200)


def describe(eff: B.Fx2Effect) -> dict[str, list]:
    """The effect as comparable lists, by category."""
    res: dict[tuple, dict] = {}
    for r in eff.resources:
        what = ("shader" if r.data else "NULL") if r.usage == 0 else r.data.split(b"\0")[0].split(b"\0")[0]
        if r.usage == 0 and r.data[:4] == _FX_PROGRAM:
            what = r.data  # an effect expression program (a state's value): compared byte for byte
        if r.usage == 2:  # an array selector: the array's name (a DWORD length and the text), then the preshader
            (n,) = struct.unpack_from("<I", r.data)
            what = (r.data[4:4 + n].rstrip(b"\0"), r.data[4 + n:])
        if r.usage == 1:
            what = r.data.rstrip(b"\0")
        res[(r.technique, r.index, r.element, r.state)] = {"usage": r.usage, "what": what}
    params, anns, samplers = [], [], []
    for i, p in enumerate(eff.parameters):
        params.append((_type(p.type), p.flags, _value(eff, p)))
        anns.append((p.type.name, _annotations(eff, p.annotations)))
        for e, block in enumerate(p.sampler_states or []):
            el = e if p.type.elements else 0xFFFFFFFF
            samplers.append((p.type.name, e, [_state(s, res.get((0xFFFFFFFF, i, el, k), {}))
                                              for k, s in enumerate(block)]))
    techs, states = [], []
    for ti, t in enumerate(eff.techniques):
        techs.append((t.name, _annotations(eff, t.annotations), [(p.name, _annotations(eff, p.annotations))
                                                                  for p in t.passes]))
        for pi, p in enumerate(t.passes):
            states.append((t.name, p.name, [_state(s, res.get((ti, pi, 0xFFFFFFFF, k), {}))
                                            for k, s in enumerate(p.states)]))
    return {"parameters": params, "annotations": anns, "sampler states": samplers, "techniques": techs,
            "pass states": states}


def _first_difference(a: list, b: list) -> str:
    if len(a) != len(b):
        return f"{len(a)} items, fxc {len(b)}"
    for x, y in zip(a, b, strict=True):
        if x != y:
            return f"{str(x)[:300]}\n        fxc {str(y)[:300]}"
    return ""


def _preshaders(eff: B.Fx2Effect) -> int:
    """How many of an effect's shaders (object blobs and state resources) hold a PRES preshader."""
    from ..effects.fx2pres import find_preshader

    shaders = [*eff.blobs.values(), *(r.data for r in eff.resources)]
    return sum(1 for d in shaders if len(d) >= 4 and d[2:4] in (b"\xfe\xff", b"\xff\xff")
               and find_preshader(d) is not None)


def _shader_slots(eff: B.Fx2Effect) -> dict[tuple, bytes]:
    """The effect's shaders by where they sit: a state's resource (technique, pass, element, state) or a
    parameter's object (its blob id's rank)."""
    out: dict[tuple, bytes] = {}
    for r in eff.resources:
        if len(r.data) >= 4 and r.data[2:4] in (b"\xfe\xff", b"\xff\xff"):
            out[("state", r.technique, r.index, r.element, r.state)] = r.data
    for n, oid in enumerate(sorted(eff.blobs)):
        d = eff.blobs[oid]
        if len(d) >= 4 and d[2:4] in (b"\xfe\xff", b"\xff\xff"):
            out[("object", n)] = d
    return out


def compare_preshaders(ours: B.Fx2Effect, theirs: B.Fx2Effect, tally: collections.Counter) -> list[str]:
    """Tallies the preshaders of fxc's shaders against the project's shader at the same place: whether ours has
    one, whether it reads the same parameters (its constant table's names), and whether its listing is fxc's line
    for line. Returns a line per difference."""
    from ..effects.fx2pres import _comments, find_preshader, listing, read_program
    from ..shader.sm2.ctab import decode_ctab

    def names(words: list[int]) -> set[str]:
        blocks, _ = _comments(words, 1)
        body = blocks.get(struct.unpack("<I", b"CTAB")[0])
        table = decode_ctab([struct.unpack("<I", b"CTAB")[0], *body]) if body is not None else None
        return {c.name for c in table.constants} if table else set()

    notes = []
    mine = _shader_slots(ours)
    for key, data in _shader_slots(theirs).items():
        theirs_p = find_preshader(data)
        ours_d = mine.get(key)
        ours_p = find_preshader(ours_d) if ours_d is not None else None
        if ours_p is not None and theirs_p is None:
            tally["our shaders with a preshader where fxc has none"] += 1
        if theirs_p is None:
            continue
        if ours_p is None:
            notes.append(f"{key}: fxc has a preshader, ours none")
            continue
        tally["fxc's preshaders we also write"] += 1
        if names(ours_p) == names(theirs_p):
            tally["of those, reading the same parameters"] += 1
        else:
            notes.append(f"{key}: preshader parameters {sorted(names(ours_p))}, fxc {sorted(names(theirs_p))}")
        if listing(read_program(ours_p)) == listing(read_program(theirs_p)):
            tally["of those, listing equal to fxc's"] += 1
    return notes


def run(root: str, verbose: bool = False) -> collections.Counter:
    from ..d3dcompiler import D3DCompile
    from ..errors import D3D11Error, NotSupportedError
    from ..headers import d3dcompiler_types as D

    tally: collections.Counter = collections.Counter()
    for folder, file, out, *flags in jobs(root):
        src_path, obj = _find(root, folder, file), _find(root, folder, out + ".o")
        if src_path is None or obj is None:
            tally["missing"] += 1
            continue
        with open(src_path, "rb") as f:
            src = f.read()
        with open(obj, "rb") as f:
            fxc_effect = B.read_fx2(f.read())
        theirs = describe(fxc_effect)
        # fxc's shaders carrying a PRES preshader (parameter-only code moved out; effects/fx2pres.py reads them,
        # shader/sm2/preshader.py writes the project's): counted, and paired with ours below
        tally["fxc shaders with a preshader"] += _preshaders(fxc_effect)
        defines = [tuple((x[2:].split("=", 1) + ["1"])[:2]) for x in flags if x.startswith("/D")]
        cflags = D.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY if "/Gec" in flags else 0
        try:
            blob = bytes(D3DCompile(src, len(src), src_path, defines or None, _Include(os.path.dirname(src_path)),
                                    "", "fx_2_0", cflags, 0))
        except NotSupportedError as e:
            tally["not built"] += 1
            verbose and print(out, "NOT BUILT", str(e)[:200])
            continue
        except D3D11Error as e:
            tally["compile error"] += 1
            verbose and print(out, "ERROR", str(e).splitlines()[0][-200:])
            continue
        tally["compiled"] += 1
        our_effect = B.read_fx2(blob)
        for note in compare_preshaders(our_effect, fxc_effect, tally):
            verbose and print(out, "PRESHADER", note)
        ours = describe(our_effect)
        same = True
        for what in theirs:
            if ours[what] == theirs[what]:
                tally[f"{what} agree"] += 1
                continue
            same = False
            tally[f"{what} differ"] += 1
            verbose and print(out, what.upper(), _first_difference(ours[what], theirs[what]))
        tally["effects equal"] += same
    return tally


def main(argv: list[str] | None = None) -> int:
    return tally_main(run, __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
