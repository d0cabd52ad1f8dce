"""Two compiled shaders' interfaces side by side: what the runtime binds, read through D3DReflect (issue 15).

The issue's layout rules (``register`` bindings, ``packoffset``, cbuffer layout, reflection type names,
signature spelling, ``$Params``) are all visible in an object's reflection. ``describe`` turns one object into
plain nested data -- for DXBC (shader models 4 and 5) through this project's D3DReflect, which reads any
container, Microsoft's included; for Direct3D 9 bytecode (vs/ps_2_x, 3_0) through its CTAB constant table --
and ``differences`` lists the paths where two descriptions differ, so an object of fxc's (d3dcompiler_47 under
Wine, tools/wine_d3dcompiler.py) can be put beside ours for any program.

Compared (the fields of the ID3D11ShaderReflection descriptions, direct3d11 "ID3D11ShaderReflection" pages):
the shader desc's counts of buffers, resources and parameters and its geometry/tessellation fields (never the
instruction or temp counts, which measure code generation); each constant buffer (D3D11_SHADER_BUFFER_DESC),
each variable (D3D11_SHADER_VARIABLE_DESC, default value bytes included) and its type tree
(D3D11_SHADER_TYPE_DESC, member names and offsets); each bound resource (D3D11_SHADER_INPUT_BIND_DESC, with
the D3D12 Space); the input, output and patch-constant signatures (D3D11_SIGNATURE_PARAMETER_DESC); and the
program's declaration lines (``dcl_*`` of this project's listing of each object, the register-allocation ones
left out), since those are what the runtime checks its bindings against.

    python -m pyd3d11.tools.reflect_diff -T ps_5_0 [-E main] file.hlsl     (needs the live DLL)
"""

from __future__ import annotations

import struct
from typing import Any

#: declaration opcodes whose operands come from register allocation or code shape, not from the interface
_CODEGEN_DCLS = ("dcl_temps", "dcl_indexableTemp", "dcl_globalFlags", "dcl_immediateConstantBuffer")

_SHADER_FIELDS = ("Version", "Flags", "ConstantBuffers", "BoundResources", "InputParameters", "OutputParameters",
                  "PatchConstantParameters", "GSOutputTopology", "GSMaxOutputVertexCount", "InputPrimitive",
                  "cGSInstanceCount", "cControlPoints", "HSOutputPrimitive", "HSPartitioning", "TessellatorDomain")
_SIG_FIELDS = ("SemanticName", "SemanticIndex", "Register", "SystemValueType", "ComponentType", "Mask",
               "ReadWriteMask", "Stream", "MinPrecision")
_BIND_FIELDS = ("Name", "Type", "BindPoint", "BindCount", "uFlags", "ReturnType", "Dimension", "NumSamples")


def _type(t: Any, depth: int = 0) -> dict:
    d = t.GetDesc()
    out = {"class": d.Class, "type": d.Type, "rows": d.Rows, "columns": d.Columns, "elements": d.Elements,
           "offset": d.Offset, "name": d.Name}
    if d.Members and depth < 16:
        out["members"] = [{"name": t.GetMemberTypeName(i), **_type(t.GetMemberTypeByIndex(i), depth + 1)}
                          for i in range(d.Members)]
    return out


def _dxbc(blob: bytes) -> dict:
    from pyd3d11.shader.reflection import D3DReflect, IID_ID3D12ShaderReflection

    r = D3DReflect(blob, len(blob), IID_ID3D12ShaderReflection)
    sd = r.GetDesc()
    out: dict[str, Any] = {"shader": {f: getattr(sd, f) for f in _SHADER_FIELDS}}
    cbs = []
    for i in range(sd.ConstantBuffers):
        cb = r.GetConstantBufferByIndex(i)
        bd = cb.GetDesc()
        variables = []
        for k in range(bd.Variables):
            v = cb.GetVariableByIndex(k)
            vd = v.GetDesc()
            dv = vd.DefaultValue
            variables.append({"name": vd.Name, "offset": vd.StartOffset, "size": vd.Size, "flags": vd.uFlags,
                              "default": bytes(dv).hex() if dv is not None else None,
                              "slots": (vd.StartTexture, vd.TextureSize, vd.StartSampler, vd.SamplerSize),
                              "type": _type(v.GetType())})
        cbs.append({"name": bd.Name, "type": bd.Type, "size": bd.Size, "flags": bd.uFlags, "variables": variables})
    out["cbuffers"] = cbs
    binds = []
    for i in range(sd.BoundResources):
        b = r.GetResourceBindingDesc(i)
        binds.append({**{f: getattr(b, f) for f in _BIND_FIELDS}, "Space": b.Space})
    out["bindings"] = binds
    for key, count, get in (("inputs", sd.InputParameters, r.GetInputParameterDesc),
                            ("outputs", sd.OutputParameters, r.GetOutputParameterDesc),
                            ("patch", sd.PatchConstantParameters, r.GetPatchConstantParameterDesc)):
        out[key] = [{f: getattr(get(i), f) for f in _SIG_FIELDS} for i in range(count)]
    out["dcl"] = declarations(blob)
    return out


def declarations(blob: bytes) -> list[str]:
    """The ``dcl_*`` lines of this project's listing of ``blob`` (either compiler's object), in order, without
    the declarations that register allocation or code shape decide."""
    from pyd3d11.shader.compiler_tools import disassemble_with_flags

    lines = [ln.strip() for ln in disassemble_with_flags(blob, 0, None).splitlines()]
    return [ln for ln in lines if ln.startswith("dcl_") and not ln.startswith(_CODEGEN_DCLS)]


def _sm2(blob: bytes) -> dict:
    """Direct3D 9 bytecode: the CTAB constants (name, register set, index, count, type tree, default value)."""
    from pyd3d11.shader.sm2.ctab import decode_ctab

    words = struct.unpack(f"<{len(blob) // 4}I", blob[: len(blob) // 4 * 4])
    i = 1
    while i < len(words):
        tok = words[i]
        if tok & 0xFFFF != 0xFFFE:  # the CTAB is the first comment block, ahead of any instruction
            break
        n = (tok >> 16) & 0x7FFF
        block = list(words[i + 1: i + 1 + n])
        table = decode_ctab(block)
        if table is not None:
            return {"version": words[0], "flags": table.flags, "target": table.target,
                    "constants": [_ctab_constant(c, block, k) for k, c in enumerate(table.constants)]}
        i += 1 + n
    return {"version": words[0] if words else 0, "constants": None}


def _ctab_type(t: Any) -> dict:
    out = {"class": t.cls, "type": t.type, "rows": t.rows, "columns": t.columns, "elements": t.elements}
    if t.members:
        out["members"] = [{"name": n, **_ctab_type(m)} for n, m in t.members]
    return out


def _ctab_constant(c: Any, block: list[int], index: int) -> dict:
    body = struct.pack(f"<{len(block)}I", *block)[4:]
    info = struct.unpack_from("<7I", body, 0)[4]
    default_off = struct.unpack_from("<I", body, info + 20 * index + 16)[0]
    default = body[default_off: default_off + 16 * c.register_count].hex() if default_off else None
    return {"name": c.name, "set": c.register_set, "index": c.register_index, "count": c.register_count,
            "type": _ctab_type(c.type), "default": default}


def describe(blob: bytes) -> dict:
    """The interface of one compiled shader as plain nested data (dicts, lists, numbers, strings)."""
    blob = bytes(blob)
    if blob[:4] == b"DXBC":
        return _dxbc(blob)
    return _sm2(blob)


def differences(ours: Any, theirs: Any, path: str = "") -> list[str]:
    """Each path where two descriptions differ, with both values (``path: ours != theirs``)."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        out = []
        for k in list(ours) + [k for k in theirs if k not in ours]:
            out += differences(ours.get(k), theirs.get(k), f"{path}.{k}" if path else str(k))
        return out
    if isinstance(ours, list) and isinstance(theirs, list):
        if path == "dcl":  # declarations compare as sets: their order is not part of the interface
            only_ours = [d for d in ours if d not in theirs]
            only_theirs = [d for d in theirs if d not in ours]
            return [f"dcl: {only_ours} != {only_theirs}"] if only_ours or only_theirs else []
        if len(ours) != len(theirs):
            return [f"{path}: {len(ours)} items != {len(theirs)}: {_short(ours)} != {_short(theirs)}"]
        out = []
        for i, (a, b) in enumerate(zip(ours, theirs, strict=True)):
            out += differences(a, b, f"{path}[{i}]")
        return out
    return [] if ours == theirs else [f"{path}: {ours!r} != {theirs!r}"]


def _short(items: list) -> str:
    names = [it.get("name", it.get("Name", it.get("SemanticName"))) if isinstance(it, dict) else it for it in items]
    return repr(names)[:200]


def compare_source(real: Any, source: str, target: str, entry: str = "main", flags1: int = 0,
                   defines: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """Compile ``source`` with fxc (``real``, a WineD3DCompiler) and with this project; the verdict pair
    (``"both"``, ``"fxc-only"`` (we reject), ``"ours-only"`` (fxc rejects), ``"neither"``) and, when both
    compile, the differences of the two interfaces (ours first)."""
    from pyd3d11.errors import D3D11Error
    from pyd3d11.shader.compile_api import D3DCompile

    got = real.compile(source, target, entry, flags1, 0, defines)
    try:
        mine = bytes(D3DCompile(source, len(source), "t.hlsl", list((defines or {}).items()) or None, None, entry,
                                target, flags1).GetBufferPointer())
    except D3D11Error:
        mine = None
    except Exception as exc:  # a crash of ours is a disagreement to report, not a stop
        return "ours-crash", [f"{type(exc).__name__}: {exc}"]
    if not got.ok:
        return ("ours-only" if mine is not None else "neither"), []
    if mine is None:
        return "fxc-only", []
    return "both", differences(describe(mine), describe(got.blob))


def main(argv: list[str] | None = None) -> int:
    import argparse
    from pathlib import Path

    from pyd3d11.tools.wine_d3dcompiler import WineD3DCompiler

    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.reflect_diff")
    ap.add_argument("file")
    ap.add_argument("-T", dest="target", required=True)
    ap.add_argument("-E", dest="entry", default="main")
    ap.add_argument("--flags", type=lambda s: int(s, 0), default=0)
    args = ap.parse_args(argv)
    with WineD3DCompiler() as real:
        verdict, diffs = compare_source(real, Path(args.file).read_text(), args.target, args.entry, args.flags)
    print(verdict)
    for d in diffs:
        print("  " + d)
    return 1 if diffs or verdict not in ("both", "neither") else 0


if __name__ == "__main__":
    raise SystemExit(main())
