"""``python -m pyd3d11.tools.retarget51 [--source NAME ...] [--models 5.1,4.0,4.1] [-v] [--limit N] [--json FILE]``

tools/retarget.py with ``--models 5.1,4.0,4.1`` by default (one tool enumerates the corpora and classes the
outcomes for every model); this module holds what is particular to 5.1: the comparison with the 5.0 verdict and
the reflection checks.

Compiles every program of the project's corpora again at shader models 5.1, 4.0 and 4.1 (and at 5.0, the
reference verdict) and classes each outcome — ``compiled``; ``error`` (an fxc-style ``X####`` error, the code
kept); ``notimpl`` (NotSupportedError / E_NOTIMPL, the feature named); ``crash`` (any other exception: always a
bug); ``hang`` (over the time limit: always a bug). A development tool for the models the shared expectations
test least: a program fxc compiles at 5.0 almost always compiles at 5.1 (MicrosoftDocs direct3dhlsl "Shader
Model 5.1": 5.1 adds register spaces, resource arrays indexed at run time, unbounded arrays and
``ConstantBuffer<T>``, and keeps the 5.0 language), and 4.0/4.1 must refuse the SM5-only constructs with fxc's
errors, never with NotSupportedError or a crash.

Sources, options and the outcome classes: tools/retarget.py.

For 5.1 each verdict is compared with the same program's 5.0 verdict (same / 5.1 refuses what 5.0 compiles /
5.1 compiles what 5.0 refuses / another error). Every program compiled at 5.1 is checked for sane reflection
(:func:`reflection_problems`: D3D12 reflection's bindings against the 5.0 object's and against the 5.1
declarations of the disassembly).
"""

from __future__ import annotations

import re
import sys
from typing import Any

from pyd3d11.tools.retarget import (  # noqa: F401 - the tool's API, also reached through this module
    SOURCES,
    STAGES,
    Outcome,
    Program,
    classify,
    load,
    programs,
    report,
    run_program,
)

# ---------------------------------------------------------------------------------------------------
# reflection at 5.1

_DCL51 = re.compile(r"^dcl_\w+.*?\b(CB|S|T|U)(\d+)\[(\d+):(\d+|\*)\](?:\[\d+\])?.*\bspace=(\d+)")
#: D3D_SHADER_INPUT_TYPE → the register type of its range (CB constant buffer, S sampler, T SRV, U UAV)
_FILE_OF_TYPE = {0: "CB", 1: "T", 2: "T", 3: "S", 4: "U", 5: "T", 6: "U", 7: "T", 8: "U", 9: "U", 10: "U", 11: "U"}


def _bindings(blob: bytes, d3d12: bool) -> list[Any]:
    from pyd3d11.d3dcompiler import D3DReflect
    from pyd3d11.headers.guids import IID_ID3D11ShaderReflection, IID_ID3D12ShaderReflection

    r = D3DReflect(blob, None, IID_ID3D12ShaderReflection if d3d12 else IID_ID3D11ShaderReflection)
    return [r.GetResourceBindingDesc(i) for i in range(r.GetDesc().BoundResources)]


def _declared_ranges(blob: bytes) -> list[tuple[str, int, int, int | None, int]]:
    """(register type, ID, lower, upper or None when unbounded, space) of each 5.1 range declaration, in the
    listing's order."""
    from pyd3d11.d3dcompiler import D3DDisassemble

    out = D3DDisassemble(blob, None, 0, None)
    out = out[0] if isinstance(out, tuple) else out
    text = bytes(out.GetBufferPointer())[: out.GetBufferSize()].decode("utf-8", "replace") \
        if hasattr(out, "GetBufferPointer") else str(out)
    found = []
    for ln in text.splitlines():
        m = _DCL51.match(ln.strip())
        if m:
            found.append((m.group(1), int(m.group(2)), int(m.group(3)),
                       None if m.group(4) == "*" else int(m.group(4)), int(m.group(5))))
    return found


def _registers(rows: list[tuple]) -> set[tuple]:
    """Bindings as the registers they cover: (array name, register type, register, dimension, return type, samples,
    flags) for each register of each binding. fxc's 5.0 reflection names the elements of some object arrays one by
    one (``tex[0]``, ``tex[1]``, each of count 1) where 5.1 makes the array one range (``tex`` of count 2; "Resource
    Binding in HLSL": resource arrays), and a hidden counter changes one element's type at 5.0 but the whole
    range's at 5.1; the registers each array holds are the same either way. An unbounded range (count 0) is its
    first register."""
    out = set()
    for name, type_, point, count, *rest in rows:
        base = re.sub(r"(\[\d+\])+$", "", name)
        # D3D_SIF_USERPACKED is not compared: fxc 10.1 sets it at 5.1 on constant buffers only (docs/conformance.md
        # "Session 24, helper REF"), so an explicit register(t#) is USERPACKED at 5.0 and not at 5.1
        *rest, flags = rest
        for reg in range(point, point + max(count, 1)):
            out.add((base, _FILE_OF_TYPE.get(type_, "?"), reg, *rest, flags & ~1))
    return out


def reflection_problems(blob51: bytes, blob50: bytes | None) -> list[str]:
    """What is not sane in a 5.1 object's reflection (MicrosoftDocs direct3dhlsl "Resource Binding in HLSL",
    "Bytecode changes in SM5.1"; D3D12_SHADER_INPUT_BIND_DESC): each range's ID unique and its registers disjoint
    from every other range of its register type and space, a bind count of 0 only for an unbounded range, one
    declaration ``[ID][lower][upper], space`` for each binding; and, where the program has no register space or
    array, the same registers for each array or variable (``_registers``) as its 5.0 object."""
    problems: list[str] = []
    b51 = _bindings(blob51, True)
    listed = _declared_ranges(blob51)
    decls = set(listed)
    # "The order of reflection resource bindings … and shader declaration instructions (dcl_*) is the same": of
    # each register type, both in ID order
    for what, ids in (("bindings", [(_FILE_OF_TYPE.get(int(b.Type), "?"), b.uID) for b in b51]),
                      ("declarations", [(d[0], d[1]) for d in listed])):
        for file in sorted({f for f, _ in ids}):
            seq = [i for f, i in ids if f == file]
            if seq != sorted(seq):
                problems.append(f"{what} of {file} not in ID order: {seq}")
    seen_ids: dict[tuple[str, int], str] = {}
    spans: dict[tuple[str, int], list[tuple[int, int, str]]] = {}
    want_decls = set()
    for b in b51:
        file = _FILE_OF_TYPE.get(int(b.Type), "?")
        if (file, b.uID) in seen_ids:
            problems.append(f"uID {file}{b.uID} of {b.Name} also {seen_ids[(file, b.uID)]}")
        seen_ids[(file, b.uID)] = b.Name
        last = None if b.BindCount == 0 else b.BindPoint + b.BindCount - 1
        want_decls.add((file, b.uID, b.BindPoint, last, b.Space))
        for lo, hi, other in spans.get((file, b.Space), []):
            if b.BindPoint <= (hi if hi >= 0 else 1 << 32) and lo <= (last if last is not None else 1 << 32):
                problems.append(f"{b.Name} [{b.BindPoint}:{last}] space {b.Space} overlaps {other}")
        spans.setdefault((file, b.Space), []).append((b.BindPoint, -1 if last is None else last, b.Name))
    if want_decls != decls:
        if want_decls - decls:
            problems.append(f"bindings without a declaration: {sorted(want_decls - decls, key=str)}")
        if decls - want_decls:
            problems.append(f"declarations without a binding: {sorted(decls - want_decls, key=str)}")
    if blob50 is not None:
        def row(b: Any) -> tuple:
            return (b.Name, int(b.Type), b.BindPoint, b.BindCount, int(b.Dimension), int(b.ReturnType),
                    b.NumSamples, b.uFlags)
        r50, r51 = _registers(list(map(row, _bindings(blob50, False)))), _registers(list(map(row, b51)))
        # 5.0 binds only the elements of an array that are read (fxc 10.1: t[0] and t[2] of ``t[3]``), 5.1 the
        # range from its first register to the last element read: the unread elements between are 5.1's alone
        held: dict[tuple, list[int]] = {}
        for key in r50:
            held.setdefault(key[:2], []).append(key[2])
        extra = {x for x in r51 - r50 if not (x[:2] in held and min(held[x[:2]]) < x[2] < max(held[x[:2]]))}
        if r50 - r51 or extra:
            problems.append(f"registers of 5.0 only {sorted(r50 - r51)[:6]}, of 5.1 only {sorted(extra)[:6]}")
    return problems


def compare51(rec: dict[str, Any]) -> str:
    """The 5.1 verdict against the 5.0 one."""
    m = rec["models"]
    if "5.1" not in m:
        return ""
    k50, k51 = _key(m["5.0"]), _key(m["5.1"])
    if k50 == k51:
        return "same"
    if k50 == "compiled":
        return f"5.1 refuses what 5.0 compiles ({k51})"
    if k51 == "compiled":
        return f"5.1 compiles what 5.0 refuses ({k50})"
    return f"5.0 {k50}, 5.1 {k51}"


def _key(v: list[str]) -> str:
    return Outcome(v[0], v[1]).key


def main(argv: list[str] | None = None) -> int:
    from pyd3d11.tools import retarget

    return retarget.main(argv, default_models="5.1,4.0,4.1", prog="retarget51")


if __name__ == "__main__":
    import os

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    os.environ.setdefault("PYD3D11_NO_NATIVE_WARN", "1")
    sys.exit(main())
