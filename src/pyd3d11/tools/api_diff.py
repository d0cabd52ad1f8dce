"""This project's d3dcompiler API functions beside Microsoft's d3dcompiler_47.dll under Wine (issue 15).

The issue's API helper asks that D3DReflect, D3DGetBlobPart, D3DStripShader, D3DSetBlobPart, the signature-blob
functions and D3DDisassemble answer exactly as the DLL does. tools/wine_d3dcompiler.py's driver calls the DLL's
functions by name (``WineD3DCompiler.api``); for D3DReflect it writes a text dump of everything the reflection
interfaces report (every ID3D11ShaderReflection method, each constant buffer, variable and type tree by index and by
name, every bind desc, every signature parameter, and the HRESULTs of one index past each list and of missing names).
``reflection_dump`` writes the same dump from this project's D3DReflect, so the two can be compared line by line,
and ``compare`` runs a list of programs through both compilers' objects and both implementations.

    python -m pyd3d11.tools.api_diff [--targets ps_5_0,vs_4_0,...] [--limit N] [-v] FILE_OR_DIR...
        prints, per field kind, how many lines of the dumps and how many API answers disagree
"""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyd3d11.errors import D3D11Error

__all__ = ["reflection_dump", "api_call", "compare_object", "main"]


def _hr(fn: Callable[[], Any]) -> tuple[int, Any]:
    """(HRESULT, value) of one call of ours: an exception's hresult, else S_OK."""
    try:
        return 0, fn()
    except D3D11Error as e:
        return e.hresult, None


def _s(v: Any) -> str:
    return "(null)" if v is None else (v.decode("latin-1") if isinstance(v, bytes) else str(v))


def _i32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >= 1 << 31 else v


class _Out:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, text: str) -> None:
        self.lines.append(text)


def _type_lines(out: _Out, path: str, t: Any, depth: int) -> None:
    hr, d = _hr(t.GetDesc)
    if hr:
        out(f"{path}: hr={hr:08x}\n")
        return
    out(f"{path}: class={d.Class} type={d.Type} rows={d.Rows} columns={d.Columns} elements={d.Elements} "
        f"members={d.Members} offset={d.Offset} name={_s(d.Name)}\n")
    if depth > 8:
        return
    for i in range(d.Members):
        mn = t.GetMemberTypeName(i)
        m = t.GetMemberTypeByIndex(i)
        sub = f"{path}.m{i}({_s(mn)})"
        _type_lines(out, sub, m, depth + 1)
        if mn is not None:
            byname = t.GetMemberTypeByName(mn)
            hr, eq = _hr(lambda m=m, b=byname: m.IsEqual(b))
            out(f"{sub}.byname: same={int(byname is m)} isequal={hr if hr else (0 if eq else 1):08x}\n")
    bad = t.GetMemberTypeByIndex(d.Members)
    hr, _ = _hr(bad.GetDesc)
    out(f"{path}.member[{d.Members}]: hr={hr:08x} name={_s(t.GetMemberTypeName(d.Members))}\n")
    sub_t, base, ni = t.GetSubType(), t.GetBaseClass(), t.GetNumInterfaces()
    hr, of = _hr(lambda: t.IsOfType(t))
    out(f"{path}.extra: subtype={'yes' if sub_t else 'null'} baseclass={'yes' if base else 'null'} interfaces={ni} "
        f"isoftype_self={hr if hr else (0 if of else 1):08x}\n")
    if sub_t:
        _type_lines(out, f"{path}.subtype", sub_t, depth + 1)
    if base:
        _type_lines(out, f"{path}.base", base, depth + 1)
    for i in range(min(ni, 16)):
        it = t.GetInterfaceByIndex(i)
        if it:
            _type_lines(out, f"{path}.interface{i}", it, depth + 1)
        else:
            out(f"{path}.interface{i}: null\n")


def _hex(data: Any, n: int) -> str:
    if data is None:
        return "null"
    return bytes(data)[:n].hex()


def _var_lines(out: _Out, path: str, v: Any, cb: Any) -> None:
    hr, d = _hr(v.GetDesc)
    if hr:
        out(f"{path}: hr={hr:08x}\n")
        return
    out(f"{path}: name={_s(d.Name)} start={d.StartOffset} size={d.Size} flags={d.uFlags} "
        f"tex={_i32(d.StartTexture)},{d.TextureSize} samp={_i32(d.StartSampler)},{d.SamplerSize} "
        f"default={_hex(d.DefaultValue, d.Size)} buffer_same={int(v.GetBuffer() is cb)} "
        f"slot0={_i32(v.GetInterfaceSlot(0))}\n")
    _type_lines(out, f"{path}.type", v.GetType(), 0)


def _sig_lines(out: _Out, what: str, n: int, get: Callable[[int], Any]) -> None:
    for i in range(n + 1):
        hr, p = _hr(lambda i=i: get(i))
        if hr:
            out(f"{what}[{i}]: hr={hr:08x}\n")
            continue
        out(f"{what}[{i}]: name={_s(p.SemanticName)} index={p.SemanticIndex} register={_i32(p.Register)} "
            f"sv={p.SystemValueType} component={p.ComponentType} mask={p.Mask} rw={p.ReadWriteMask} "
            f"stream={p.Stream} minprecision={p.MinPrecision}\n")


def reflection_dump(obj: bytes | None, size: int | None = None) -> tuple[int, str]:
    """(HRESULT, dump) of this project's D3DReflect of ``obj``, in the driver's D3DReflect dump format
    (wine_d3dcompiler_driver.c ``reflect_dump``; the dump is empty when D3DReflect fails)."""
    from pyd3d11 import d3dcompiler as dc

    hr, r = _hr(lambda: dc.D3DReflect(obj, len(obj or b"") if size is None else size))
    if hr or r is None:
        return hr, ""
    out = _Out()
    dhr, d = _hr(r.GetDesc)
    out(f"GetDesc: hr={dhr:08x}\n")
    out(f"desc: version={d.Version:08x} creator={_s(d.Creator)} flags={d.Flags} cbuffers={d.ConstantBuffers} "
        f"resources={d.BoundResources} inputs={d.InputParameters} outputs={d.OutputParameters}\n")
    out(f"stats: instructions={d.InstructionCount} temps={d.TempRegisterCount} temparrays={d.TempArrayCount} "
        f"defs={d.DefCount} dcls={d.DclCount} texnormal={d.TextureNormalInstructions} "
        f"texload={d.TextureLoadInstructions} texcomp={d.TextureCompInstructions} "
        f"texbias={d.TextureBiasInstructions} texgrad={d.TextureGradientInstructions} "
        f"float={d.FloatInstructionCount} int={d.IntInstructionCount} uint={d.UintInstructionCount} "
        f"staticflow={d.StaticFlowControlCount} dynamicflow={d.DynamicFlowControlCount} "
        f"macro={d.MacroInstructionCount} array={d.ArrayInstructionCount} cut={d.CutInstructionCount} "
        f"emit={d.EmitInstructionCount}\n")
    out(f"stage: gstopology={d.GSOutputTopology} gsmaxvertices={d.GSMaxOutputVertexCount} "
        f"inputprimitive={d.InputPrimitive} patchconstants={d.PatchConstantParameters} "
        f"gsinstances={d.cGSInstanceCount} controlpoints={d.cControlPoints} hsoutput={d.HSOutputPrimitive} "
        f"hspartitioning={d.HSPartitioning} domain={d.TessellatorDomain} barriers={d.cBarrierInstructions} "
        f"interlocked={d.cInterlockedInstructions} texstores={d.cTextureStoreInstructions}\n")
    flhr, fl = _hr(r.GetMinFeatureLevel)
    tt, tx, ty, tz = r.GetThreadGroupSize()
    out(f"methods: mov={r.GetMovInstructionCount()} movc={r.GetMovcInstructionCount()} "
        f"conversion={r.GetConversionInstructionCount()} bitwise={r.GetBitwiseInstructionCount()} "
        f"gsinputprimitive={r.GetGSInputPrimitive()} samplefrequency={int(bool(r.IsSampleFrequencyShader()))} "
        f"interfaceslots={r.GetNumInterfaceSlots()} minfeaturelevel={flhr:08x},{fl or 0:x} "
        f"threadgroup={tx},{ty},{tz},{tt} requires={r.GetRequiresFlags():x}\n")
    for c in range(d.ConstantBuffers + 1):
        cb = r.GetConstantBufferByIndex(c)
        bhr, bd = _hr(cb.GetDesc)
        if bhr:
            out(f"cb[{c}]: hr={bhr:08x}\n")
        else:
            out(f"cb[{c}]: name={_s(bd.Name)} type={bd.Type} variables={bd.Variables} size={bd.Size} "
                f"flags={bd.uFlags}\n")
            out(f"cb[{c}].byname: same={int(r.GetConstantBufferByName(bd.Name) is cb)}\n")
        nv = 0 if bhr else bd.Variables
        for v in range(nv + 1):
            var = cb.GetVariableByIndex(v)
            path = f"cb[{c}].var[{v}]"
            _var_lines(out, path, var, cb)
            vhr, vd = _hr(var.GetDesc)
            if v < nv and not vhr:
                a, g = cb.GetVariableByName(vd.Name), r.GetVariableByName(vd.Name)
                out(f"{path}.byname: cb_same={int(a is var)} global_same={int(g is var)}\n")
        if c == d.ConstantBuffers:
            nv0 = cb.GetVariableByName("$no such variable")
            out(f"cb[{c}].var(missing): hr={_hr(nv0.GetDesc)[0]:08x}\n")
    cb = r.GetConstantBufferByName("$no such buffer")
    cbi = r.GetConstantBufferByIndex(d.ConstantBuffers)
    gv = r.GetVariableByName("$no such variable")
    cv = cbi.GetVariableByIndex(0)
    out(f"missing: cb_byname={_hr(cb.GetDesc)[0]:08x} same_null_cb={int(cb is cbi)} "
        f"var_byname={_hr(gv.GetDesc)[0]:08x} same_null_var={int(gv is cv)} var_type=")
    _type_lines(out, "", gv.GetType(), 9)
    out(f"missing: var_buffer_is_null_cb={int(gv.GetBuffer() is cbi)}\n")
    for b in range(d.BoundResources + 1):
        bhr, bd = _hr(lambda b=b: r.GetResourceBindingDesc(b))
        if bhr:
            out(f"bind[{b}]: hr={bhr:08x}\n")
            continue
        out(f"bind[{b}]: name={_s(bd.Name)} type={bd.Type} point={bd.BindPoint} count={bd.BindCount} "
            f"flags={bd.uFlags} return={bd.ReturnType} dimension={bd.Dimension} samples={_i32(bd.NumSamples)}\n")
        nhr, bn = _hr(lambda n=bd.Name: r.GetResourceBindingDescByName(n))
        equal = not nhr and (bn.Type, bn.BindPoint, bn.BindCount) == (bd.Type, bd.BindPoint, bd.BindCount)
        out(f"bind[{b}].byname: hr={nhr:08x} equal={int(equal)}\n")
    out(f"bind(missing): hr={_hr(lambda: r.GetResourceBindingDescByName('$no such'))[0]:08x}\n")
    _sig_lines(out, "input", d.InputParameters, r.GetInputParameterDesc)
    _sig_lines(out, "output", d.OutputParameters, r.GetOutputParameterDesc)
    _sig_lines(out, "patch", d.PatchConstantParameters, r.GetPatchConstantParameterDesc)
    return 0, "".join(out.lines)


def _blob(b: Any) -> bytes:
    return b"" if b is None else bytes(b)


def api_call(function: str, data: bytes | None, a: int = 0, b: int = 0, extra: bytes | None = None,
             size: int | None = None) -> tuple[int, bytes, bytes]:
    """(HRESULT, blob, text) of this project's ``function`` called as the driver's 'A' request calls the DLL's
    (WineD3DCompiler.api: the same argument meanings and the same packing of the answers)."""
    from pyd3d11 import d3dcompiler as dc

    n = len(data or b"") if size is None else size
    e0 = struct.unpack_from("<I", extra)[0] if extra and len(extra) >= 4 else 0
    if function == "D3DReflect":
        hr, text = reflection_dump(data, n)
        return hr, b"", text.encode("latin-1")
    calls: dict[str, Callable[[], Any]] = {
        "D3DGetBlobPart": lambda: dc.D3DGetBlobPart(data, n, a, b),
        "D3DStripShader": lambda: dc.D3DStripShader(data, n, a),
        "D3DSetBlobPart": lambda: dc.D3DSetBlobPart(data, n, a, b, extra, len(extra or b"")),
        "D3DGetInputSignatureBlob": lambda: dc.D3DGetInputSignatureBlob(data, n),
        "D3DGetOutputSignatureBlob": lambda: dc.D3DGetOutputSignatureBlob(data, n),
        "D3DGetInputAndOutputSignatureBlob": lambda: dc.D3DGetInputAndOutputSignatureBlob(data, n),
        "D3DGetDebugInfo": lambda: dc.D3DGetDebugInfo(data, n),
        "D3DCreateBlob": lambda: dc.D3DCreateBlob(a),
        "D3DDisassemble": lambda: dc.D3DDisassemble(data, n, a, extra.decode("latin-1") if extra else None),
    }
    if function in calls:
        hr, blob = _hr(calls[function])
        return hr, _blob(blob), b""
    if function == "D3DDisassembleRegion":
        hr, res = _hr(lambda: dc.D3DDisassembleRegion(data, n, a, None, b, e0))
        return hr, _blob(res[0]) if res else b"", struct.pack("<Q", res[1] if res else 0)
    if function == "D3DGetTraceInstructionOffsets":
        hr, res = _hr(lambda: dc.D3DGetTraceInstructionOffsets(data, n, a, b, None if e0 == 0xFFFFFFFF else e0))
        offsets, total = res if res else ([], 0)
        packed = b"".join(struct.pack("<Q", o) for o in offsets)
        return hr, packed + b"\0" if res and e0 != 0xFFFFFFFF else b"", struct.pack("<Q", total)
    raise ValueError(f"api_call: {function} is not compared")


#: the calls compared on every object: (function, a, b); D3DReflect's dump is compared line by line
CALLS: tuple[tuple[str, int, int], ...] = (
    (("D3DReflect", 0, 0),)
    + tuple(("D3DGetBlobPart", part, 0) for part in range(16)) + (("D3DGetBlobPart", 0, 1), ("D3DGetBlobPart", 0x8000, 0))
    + tuple(("D3DStripShader", f, 0) for f in (0, 1, 2, 3, 4, 8, 16, 31, 32, 0xFFFFFFFF))
    + (("D3DGetInputSignatureBlob", 0, 0), ("D3DGetOutputSignatureBlob", 0, 0),
       ("D3DGetInputAndOutputSignatureBlob", 0, 0), ("D3DGetDebugInfo", 0, 0))
)


def _field_key(line: str) -> str:
    """A dump line's path with indices removed and its field names: the kind of thing that differs."""
    path, _, rest = line.partition(": ")
    keep = "".join(ch for ch in path if not ch.isdigit())
    return keep + ": " + " ".join(f.split("=")[0] for f in rest.split())


def compare_object(real: Any, obj: bytes, tally: Counter, examples: dict | None = None) -> None:
    """Every call of CALLS on ``obj`` through the DLL and through this project; ``tally`` counts
    ``("agree"|"differ", function)`` and, for D3DReflect, each differing dump line's field key."""
    import difflib

    for fn, a, b in CALLS:
        got = real.api(fn, obj, a, b)
        hr, blob, text = api_call(fn, obj, a, b)
        if fn == "D3DReflect" and got.hr == hr:
            theirs, ours = got.text.decode("latin-1").splitlines(), text.decode("latin-1").splitlines()
            ops = [op for op in difflib.SequenceMatcher(None, theirs, ours, autojunk=False).get_opcodes()
                   if op[0] != "equal"]
            for _, i1, i2, j1, j2 in ops:
                for line in theirs[i1:i2] or ours[j1:j2]:
                    key = "D3DReflect " + _field_key(line)
                    tally[key] += 1
                    if examples is not None:
                        examples.setdefault(key, (theirs[i1:i2][:2], ours[j1:j2][:2]))
            tally[("differ" if ops else "agree", fn)] += 1
            continue
        same = got.hr == hr and got.blob == blob
        tally[("agree" if same else "differ", fn)] += 1
        if not same and examples is not None:
            examples.setdefault(f"{fn} {a:#x} {b}", (f"{got.hr:08x} {len(got.blob)}", f"{hr:08x} {len(blob)}"))


def _objects(real: Any, paths: list[str], targets: list[str]) -> list[tuple[str, bytes]]:
    """Objects to compare: ``.o`` files as they are, HLSL files compiled by the DLL at each target (``main``)."""
    out = []
    for name in paths:
        p = Path(name)
        files = sorted(p.rglob("*")) if p.is_dir() else [p]
        for f in files:
            if f.suffix == ".o":
                out.append((str(f), f.read_bytes()))
            elif f.suffix in (".hlsl", ".fx"):
                for t in targets:
                    r = real.compile(f.read_bytes(), t, "main")
                    if r.ok:
                        out.append((f"{f}@{t}", r.blob))
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse

    from pyd3d11.tools.wine_d3dcompiler import WineD3DCompiler

    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.api_diff")
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--targets", default="ps_5_0,vs_5_0,ps_4_0,vs_4_0,ps_4_0_level_9_1,cs_5_0")
    ap.add_argument("-v", action="store_true", help="print one example of each difference")
    args = ap.parse_args(argv)
    tally: Counter = Counter()
    examples: dict = {}
    with WineD3DCompiler() as real:
        objs = _objects(real, args.paths, args.targets.split(","))
        for _, obj in objs:
            compare_object(real, obj, tally, examples)
    print(f"{len(objs)} objects")
    for fn in dict.fromkeys(c[0] for c in CALLS):
        print(f"  {fn}: {tally[('agree', fn)]} agree, {tally[('differ', fn)]} differ")
    for key, n in sorted((k, v) for k, v in tally.items() if isinstance(k, str)):
        print(f"  {n:5d} {key}" + (f"   fxc {examples[key][0]} ours {examples[key][1]}" if args.v else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
