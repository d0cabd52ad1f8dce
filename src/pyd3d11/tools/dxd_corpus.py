"""``python -m pyd3d11.tools.dxd_corpus [--mirror DIR] [-v] [--only PATTERN]``

fxc as the oracle of the compiler's interface output (issue 15). The public repository spacehamster/DXDecompiler
carried, until commit 7b48f44 deleted them, fxc's own outputs for about 350 shader model 4.x/5.x compiles under
``src/DXDecompiler.Tests/Shaders`` (folders Sdk, Internal, HlslCrossCompiler, 3Dmigoto, FxDis, Unity): per compile
fxc's object (``NAME.o``) and listing (``NAME.asm``, ``/Fc``) beside the ``.hlsl``/``.fx`` source. The batch file
``CompileShaders.bat`` gives every compile as ``CALL CompileShader.bat FOLDER FILE OUT PROFILE ENTRY [fxc args]``
(``CompileShader2.bat`` for effects and libraries: no entry point). Everything is read at run time from a git
mirror of that repository at ``7b48f44^`` (:class:`~pyd3d11.tools.real_corpora.GitTree`); nothing of it is part of
this repository.

Each shader compile is repeated with pyd3d11's D3DCompile (same profile, entry point, ``/D`` defines, ``/I``
folders, flags; ``#include`` through :class:`~pyd3d11.tools.real_corpora.GitInclude`), then both objects are read
with the project's own D3DReflect (an fxc object our reader cannot read is counted as ``fxc unreadable``: a bug of
the reader) and compared field by field (:func:`facts`): the D3D11_SHADER_DESC interface fields (instruction and temp
counts apart: see the STAT comparison below), every constant buffer with its variables and their types (members
recursively, type names included), every resource binding (D3D12 form: Space and uID too), every input/output/
patch-constant signature element, the required-feature flags, the thread group size. The listing header our
D3DDisassemble prints is compared section by section with fxc's (:func:`listing_sections`): Buffer Definitions
and the signature tables as text, the Resource Bindings table as (name, type, format, dimension, slot, count)
rows, since fxc 10.1 spells that table differently (``HLSL Bind Count``) from the fxc 9.30 layout pyd3d11 prints.

The STAT chunk (D3D11_SHADER_DESC's statistics) is compared twice (:func:`stat_facts`): our compile's counters
against fxc's (code generation and counting together), and fxc's own program recounted by the project's
program_stats against fxc's counters (the counting rules alone).

Effects (fx_4_x / fx_5_0) and libraries (lib_*) are counted separately: compiled or not.

Prints the per-field disagreement counts and ``compiled N/M, reflection equal K/N``; ``-v`` prints every
disagreeing field of every compile. A development measurement (docs/conformance.md, session 24 helper REF), not a
test: tests/test_dxd_corpus.py runs a subset when the mirror exists.
"""

from __future__ import annotations

import collections
import fnmatch
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyd3d11.tools.fxc import UsageError, parse_args, split_response
from pyd3d11.tools.real_corpora import MIRROR, GitInclude, GitTree

REPO = "spacehamster+DXDecompiler"
REV = "7b48f44^"  #: the parent of the commit that deleted fxc's outputs
ROOT = "src/DXDecompiler.Tests/Shaders"
#: fxc options of the batch file that pyd3d11's fxc front end does not take, with their value count; they do
#: not change reflection (``/force_rootsig_ver`` picks the root-signature version of an RTS0 chunk)
_DROPPED_OPTIONS = {"/force_rootsig_ver": 1}
#: fxc's effect options -> D3DCOMPILE_EFFECT_* (d3dcompiler.h; D3DCompile's Flags2)
_EFFECT_OPTIONS = {"/gch": 0x1, "/gdp": 0x2}  # CHILD_EFFECT, ALLOW_SLOW_OPS


@dataclass(frozen=True)
class Compile:
    """One ``CALL CompileShader*.bat`` line of CompileShaders.bat."""

    folder: str
    file: str
    out: str
    profile: str
    entry: str | None  #: None for CompileShader2.bat (effects, libraries)
    defines: tuple[tuple[str, str], ...] = ()
    flags: int = 0
    include_dirs: tuple[str, ...] = ()
    flags2: int = 0  #: D3DCOMPILE_EFFECT_* of /Gch /Gdp
    error: str | None = None  #: a batch-file option the fxc front end does not take

    @property
    def source(self) -> str:
        return f"{ROOT}/{self.folder}/{self.file}"

    def output(self, ext: str) -> str:
        return f"{ROOT}/{self.folder}/{self.out}.{ext}"

    @property
    def name(self) -> str:
        return f"{self.folder}/{self.out}"

    @property
    def kind(self) -> str:
        """``shader``, ``effect`` or ``library``."""
        return {"fx": "effect", "lib": "library"}.get(self.profile.split("_")[0], "shader")


def _last_parameter(tree: GitTree, bat: str) -> int:
    """The highest ``%N`` a called batch file uses (the CALL's words past it are not passed on)."""
    raw = tree.read(f"{ROOT}/{bat}") or b""
    return max((int(n) for n in re.findall(r"%([1-9])", raw.decode("latin-1"))), default=9)


def jobs(tree: GitTree) -> list[Compile]:
    """Every compile of CompileShaders.bat, in order; an output written twice keeps the last compile (its
    object is the one stored)."""
    raw = tree.read(f"{ROOT}/CompileShaders.bat")
    if raw is None:
        raise FileNotFoundError(f"{ROOT}/CompileShaders.bat")
    env: dict[str, str] = {}
    found: dict[str, Compile] = {}
    for line in raw.decode("latin-1").splitlines():
        m = re.match(r"\s*set\s+(\w+)=(.*)$", line, re.I)
        if m:  # Set UNITY_INCLUDES="%cd%\Unity\CGIncludes": a folder under the Shaders folder (fxc's cwd)
            env[m.group(1).upper()] = m.group(2).strip().strip('"').replace("%cd%\\", "")
            continue
        if not re.match(r"\s*CALL\s+CompileShader2?\.bat\s", line, re.I):
            continue
        text = re.sub(r"%(\w+)%", lambda m: env.get(m.group(1).upper(), m.group(0)), line.split("||")[0])
        words = split_response(text)[1:]
        bat, args = words[0].lower(), words[1:]
        with_entry = bat == "compileshader.bat"
        folder, file, out, profile = args[:4]
        entry = args[4] if with_entry else None
        # the batch file hands fxc only the parameters its command line names (CompileShader.bat: %6 %7, two
        # options after the entry point; CompileShader2.bat: %5 %6 %7): the rest of a CALL's words never reached
        # fxc (Unity fog_test's /D options, ShaderWithRootSignature's /DRS1_0), and fxc's objects show it
        extra = args[(5 if with_entry else 4):_last_parameter(tree, words[0])]
        kept: list[str] = []
        skip = flags2 = 0
        for a in extra:
            if skip:
                skip -= 1
            elif a.lower() in _EFFECT_OPTIONS:
                flags2 |= _EFFECT_OPTIONS[a.lower()]
            elif a.lower() in _DROPPED_OPTIONS:
                skip = _DROPPED_OPTIONS[a.lower()]
            else:
                kept.append(a)
        try:
            opts = parse_args([*kept, "/T", profile, f"{folder}/{file}"])
        except UsageError as e:  # an option the front end does not know: reported on the compile
            found[f"{folder}/{out}".lower()] = Compile(folder, file, out, profile, entry, error=str(e))
            continue
        dirs = tuple(f"{ROOT}/{d.replace(chr(92), '/')}" for d in opts["I"])
        found[f"{folder}/{out}".lower()] = Compile(folder, file, out, profile, entry, tuple(opts["D"]),
                                                   opts["flags"], dirs, flags2)
    return list(found.values())


# -- reflection facts ---------------------------------------------------------------------------------------

_DESC_FIELDS = ("Version", "Flags", "ConstantBuffers", "BoundResources", "InputParameters", "OutputParameters",
                "PatchConstantParameters", "GSOutputTopology", "GSMaxOutputVertexCount", "InputPrimitive",
                "cGSInstanceCount", "cControlPoints", "HSOutputPrimitive", "HSPartitioning", "TessellatorDomain")
_TYPE_FIELDS = ("Class", "Type", "Rows", "Columns", "Elements", "Members", "Offset", "Name")
_VAR_FIELDS = ("StartOffset", "Size", "uFlags", "StartTexture", "TextureSize", "StartSampler", "SamplerSize")
_BIND_FIELDS = ("Type", "BindPoint", "BindCount", "uFlags", "ReturnType", "Dimension", "NumSamples", "Space", "uID")
_SIG_FIELDS = ("SemanticName", "SemanticIndex", "Register", "SystemValueType", "ComponentType", "Mask",
               "ReadWriteMask", "Stream", "MinPrecision")

Facts = dict[tuple[str, str], Any]  #: (field category, locator) -> value


def _type_facts(out: Facts, t: Any, where: str, depth: int = 0) -> None:
    d = t.GetDesc()
    for f in _TYPE_FIELDS:
        out[(f"type.{f}", where)] = getattr(d, f)
    if depth > 16:
        return
    for i in range(d.Members):
        _type_facts(out, t.GetMemberTypeByIndex(i), f"{where}.{t.GetMemberTypeName(i)}", depth + 1)
        out[("type.member name", f"{where}#{i}")] = t.GetMemberTypeName(i)


def facts(blob: bytes) -> Facts:
    """The interface facts of a shader object, read through pyd3d11's D3DReflect (see the module docstring)."""
    from pyd3d11.headers.guids import IID_ID3D12ShaderReflection
    from pyd3d11.shader.reflection import D3DReflect

    r = D3DReflect(blob, None, IID_ID3D12ShaderReflection)
    d = r.GetDesc()
    out: Facts = {(f"desc.{f}", ""): getattr(d, f) for f in _DESC_FIELDS}
    out[("desc.RequiresFlags", "")] = r.GetRequiresFlags()
    out[("desc.ThreadGroupSize", "")] = r.GetThreadGroupSize()[1:]
    out[("desc.IsSampleFrequencyShader", "")] = r.IsSampleFrequencyShader()
    out[("desc.NumInterfaceSlots", "")] = r.GetNumInterfaceSlots()
    for i in range(d.ConstantBuffers):
        cb = r.GetConstantBufferByIndex(i)
        cd = cb.GetDesc()
        where = f"cb {cd.Name}"
        out[("cb present", where)] = True
        out[("cb.index", where)] = i
        for f in ("Type", "Variables", "Size", "uFlags"):
            out[(f"cb.{f}", where)] = getattr(cd, f)
        for k in range(cd.Variables):
            v = cb.GetVariableByIndex(k)
            vd = v.GetDesc()
            vw = f"{where}.{vd.Name}"
            out[("var present", vw)] = True
            out[("var.index", vw)] = k
            for f in _VAR_FIELDS:
                out[(f"var.{f}", vw)] = getattr(vd, f)
            out[("var.default present", vw)] = vd.DefaultValue is not None
            _type_facts(out, v.GetType(), vw)
    for i in range(d.BoundResources):
        b = r.GetResourceBindingDesc(i)
        where = f"bind {b.Name}/{b.Type}"
        out[("bind present", where)] = True
        out[("bind.index", where)] = i
        for f in _BIND_FIELDS:
            out[(f"bind.{f}", where)] = getattr(b, f)
    for sig, count, get in (("in", d.InputParameters, r.GetInputParameterDesc),
                            ("out", d.OutputParameters, r.GetOutputParameterDesc),
                            ("patch", d.PatchConstantParameters, r.GetPatchConstantParameterDesc)):
        for i in range(count):
            p = get(i)
            out[("sig present", f"{sig}[{i}]")] = True
            for f in _SIG_FIELDS:
                out[(f"sig.{f}", f"{sig}[{i}]")] = getattr(p, f)
    return out


def stat_facts(blob: bytes, recount: bool = False) -> dict[str, int]:
    """The STAT chunk's counters (D3D11_SHADER_DESC's statistics: InstructionCount, TempRegisterCount, the
    per-class instruction counts...), or with ``recount`` the counters :func:`~pyd3d11.shader.dxbc.stat.
    program_stats` derives from the object's own program: run over fxc's object, a check of the counting rules
    apart from code generation. Empty when the object has no STAT."""
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program
    from pyd3d11.shader.dxbc.stat import STAT_FIELDS_SM5, program_stats

    c = parse_container(blob, verify_checksum=False)
    if c.stats is None or c.program is None:
        return {}
    st = program_stats(decode_program(c.program)) if recount else c.stats
    return {f: getattr(st, f) for f in STAT_FIELDS_SM5[:c.stats.dword_count]}


def compare(ours: Facts, theirs: Facts) -> list[tuple[str, str, Any, Any]]:
    """(category, locator, ours, fxc's) for every fact that differs. A constant buffer, variable, binding or
    signature element only one side has is one ``... present`` difference (its fields are not listed)."""
    diffs = []
    missing: list[str] = []
    for key in dict.fromkeys([*theirs, *ours]):
        a, b = ours.get(key, "<absent>"), theirs.get(key, "<absent>")
        if a == b or any(key[1] == m or key[1].startswith(m + ".") for m in missing):
            continue
        if key[0].endswith(" present"):
            missing.append(key[1])
        diffs.append((key[0], key[1], a, b))
    return diffs


# -- listing header ------------------------------------------------------------------------------------------

_SECTIONS = ("Buffer Definitions", "Resource Bindings", "Input signature", "Output signature",
             "Patch Constant signature")
_VERSION_LINE = re.compile(r"^(vs|ps|gs|hs|ds|cs)_\d_\d", re.M)


def listing_sections(text: str) -> dict[str, Any]:
    """The header sections of an fxc-style listing: title -> its lines (Resource Bindings: its rows as
    (name, type, format, dim, slot number, count) tuples, to compare fxc 10.1's table with the 9.30 one)."""
    m = _VERSION_LINE.search(text)
    head = text[:m.start()] if m else text
    out: dict[str, Any] = {}
    cur: list[str] | None = None
    for line in head.splitlines():
        title = line[2:].strip().rstrip(":").strip()
        if line.startswith("// ") and title in _SECTIONS:
            cur = out.setdefault(title, [])
            continue
        if cur is not None:
            if line.startswith("// Note:") or line.startswith("// Generated"):
                cur = None
            else:
                cur.append(line.rstrip())
    for lines in out.values():
        while lines and lines[-1] in ("//", "///", ""):
            lines.pop()
        while lines and lines[0] in ("//", "///", ""):
            lines.pop(0)
    if "Resource Bindings" in out:
        rows = []
        for line in out["Resource Bindings"][2:]:
            w = line[2:].split()
            if len(w) >= 6:
                slot = re.search(r"(\d+)", w[-2])
                rows.append((w[0], w[1], w[2], w[3], int(slot.group(1)) if slot else w[-2], w[-1]))
        out["Resource Bindings"] = rows
    return out


# -- the run ---------------------------------------------------------------------------------------------------


def _compile(tree: GitTree, job: Compile) -> tuple[bytes | None, str | None]:
    from pyd3d11.errors import D3D11Error
    from pyd3d11.shader.blob import blob_bytes
    from pyd3d11.shader.compile_api import D3DCompile

    if job.error:
        return None, job.error
    src = tree.read(job.source)
    if src is None:
        return None, f"missing {job.source}"
    errors: list = []
    try:
        blob = D3DCompile(src, len(src), job.source, list(job.defines) or None, GitInclude(tree, job.source,
                          job.include_dirs), job.entry, job.profile, job.flags, job.flags2, errors)
    except D3D11Error as e:
        text = str(getattr(e, "errors", "") or (errors[0] if errors else "") or e)
        return None, f"{type(e).__name__}: {text.strip().splitlines()[0][:300] if text.strip() else ''}"
    except Exception as e:  # noqa: BLE001 - a crash is what this tool reports
        return None, f"CRASH {type(e).__name__}: {e}"
    return blob_bytes(blob), None


# -- effects ---------------------------------------------------------------------------------------------

#: SBinaryHeader5.Tag of fx_5_0 (FX11 EffectBinaryFormat.h): fxc's fx_4_x objects are Direct3D 10's layout, which
#: pyd3d11 does not write (effects/binary.py), so only fx_5_0 objects are compared
_FX5_TAG = b"\x01\x20\xff\xfe"


def effect_facts(blob: bytes) -> list[tuple]:
    """What an fx_5_0 effect binary says, read with pyd3d11's FX11 reader: constant buffers (size, kind, bind
    point) with their variables (offset, type, semantic, default bytes), object variables (type name, elements,
    EObjectType, bind point, strings), every state-block and pass assignment (state, index, ECAT kind, value with
    its scalar types; shaders by kind, SO declarations and rasterized stream), and the group/technique/pass names."""
    from pyd3d11.effects import model as M
    from pyd3d11.effects import states as S
    from pyd3d11.effects.binary import read_effect

    def value(v: Any) -> Any:
        if isinstance(v, M.FxShader):
            return ("shader", bool(v.bytecode), tuple(v.so_decls), v.rasterized_stream, tuple(v.interface_bindings))
        return repr(v)

    eff = read_effect(blob)
    out: list[tuple] = []
    for cb in eff.cbuffers:
        out.append(("cbuffer", cb.name, cb.size, cb.flags, cb.bind_point))
        out += [("variable", cb.name, v.name, v.offset, v.type.name, v.type.elements, v.semantic, v.default)
                for v in cb.variables]
    for o in eff.objects:
        out.append(("object", o.name, o.type.name, o.type.elements, M.EOT_NAME.get(o.type.object_type),
                    o.semantic, o.bind_point, tuple(o.strings)))
        out += [("state", o.name, i, S.LVALUES[a.state].name, a.index, a.kind, value(a.value))
                for i, blk in enumerate(o.blocks) for a in blk]
        out += [("shader", o.name, i, value(sh)) for i, sh in enumerate(o.shaders)]
    for g in eff.groups:
        for t in g.techniques:
            for p in t.passes:
                out.append(("pass", g.name, t.name, p.name))
                out += [("pass state", t.name, p.name, S.LVALUES[a.state].name, a.index, a.kind, value(a.value))
                        for a in p.assignments]
    return out


def _compare_effect(tree: GitTree, job: Compile, blob: bytes, tally: collections.Counter,
                    differing: dict[str, list], verbose: bool, out: Any) -> None:
    ref = tree.read(job.output("o"))
    if ref is None or not ref.startswith(_FX5_TAG):
        return
    tally["fx_5_0 effects"] += 1
    ours, theirs = effect_facts(blob), effect_facts(ref)
    if ours == theirs:
        tally["fx_5_0 effects equal"] += 1
        return
    diffs = [("effect", repr(b), repr(a), None) for a, b in zip(ours, theirs, strict=False) if a != b]
    if len(ours) != len(theirs):
        diffs.append(("effect", "count", len(ours), len(theirs)))
    differing[job.name] = diffs
    if verbose:
        for _cat, fxc, mine, _ in diffs[:8]:
            print(f"EFFECT {job.name}: ours {mine} fxc {fxc}", file=out)


def run(tree: GitTree, only: str | None = None, verbose: bool = False,
        out: Any = sys.stdout) -> dict[str, Any]:
    """Compile and compare every compile (``only``: an fnmatch pattern over ``FOLDER/OUT``, case-insensitive);
    returns the tallies (see :func:`main`)."""
    from pyd3d11.d3dcompiler import D3DDisassemble
    from pyd3d11.headers.d3dcompiler_types import D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS

    tally: collections.Counter = collections.Counter()
    fields: collections.Counter = collections.Counter()
    listing: collections.Counter = collections.Counter()
    stats: collections.Counter = collections.Counter()  #: STAT counter -> compiles where ours differs
    stat_rules: collections.Counter = collections.Counter()  #: ... where fxc's program recounted differs
    failures: list[str] = []
    differing: dict[str, list] = {}
    for job in jobs(tree):
        if only and not fnmatch.fnmatch(job.name.lower(), only.lower()):
            continue
        tally[f"{job.kind}s"] += 1
        blob, err = _compile(tree, job)
        if blob is None:
            tally[f"{job.kind}s not compiled"] += 1
            failures.append(f"{job.name} {job.profile}: {err}")
            verbose and print(f"FAIL {job.name} {job.profile}: {err}", file=out)
            continue
        tally[f"{job.kind}s compiled"] += 1
        if job.kind == "effect":
            _compare_effect(tree, job, blob, tally, differing, verbose, out)
            continue
        if job.kind != "shader":
            continue
        ref = tree.read(job.output("o"))
        if ref is None:
            tally["no fxc object"] += 1
            continue
        try:
            theirs = facts(ref)
        except Exception as e:  # noqa: BLE001 - our reader failing on fxc's object is a finding
            tally["fxc unreadable"] += 1
            failures.append(f"{job.name}: our D3DReflect fails on fxc's object: {type(e).__name__}: {e}")
            continue
        diffs = compare(facts(blob), theirs)
        if diffs:
            differing[job.name] = diffs
            for cat in {d[0] for d in diffs}:
                fields[cat] += 1
            if verbose:
                for cat, where, a, b in diffs:
                    print(f"DIFF {job.name} {job.profile} {cat} {where}: ours {a!r} fxc {b!r}", file=out)
        else:
            tally["reflection equal"] += 1
        fxc_stat = stat_facts(ref)
        for key, counter in (("stat", stats), ("stat rule", stat_rules)):
            mine_stat = stat_facts(blob) if key == "stat" else stat_facts(ref, recount=True)
            for f, v in fxc_stat.items():
                if mine_stat.get(f) != v:
                    counter[f] += 1
                    if verbose:
                        print(f"{key.upper()} {job.name} {f}: ours {mine_stat.get(f)} fxc {v}", file=out)
            tally[f"{key} objects"] += bool(fxc_stat)
        asm = tree.read(job.output("asm"))
        if asm is not None:
            # fxc's /Fc listing prints the initialised constants' default values (the disassembler flag)
            text = D3DDisassemble(blob, None, D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS, None)
            mine = listing_sections(bytes(text).decode("latin-1"))
            fxc = listing_sections(asm.decode("latin-1"))
            for title in _SECTIONS:
                if title in mine or title in fxc:
                    same = mine.get(title) == fxc.get(title)
                    listing[(title, same)] += 1
                    if not same and verbose:
                        print(f"LISTING {job.name} {title}:\n  ours {mine.get(title)}\n  fxc  {fxc.get(title)}",
                              file=out)
    return {"tally": tally, "fields": fields, "listing": listing, "failures": failures, "differing": differing,
            "stats": stats, "stat_rules": stat_rules}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    mirror = next((Path(argv[i + 1]) for i, a in enumerate(argv) if a == "--mirror" and i + 1 < len(argv)), MIRROR)
    only = next((argv[i + 1] for i, a in enumerate(argv) if a == "--only" and i + 1 < len(argv)), None)
    tree = GitTree(mirror / REPO / "repo", REV)
    if not tree.exists():
        print(f"no mirror of spacehamster/DXDecompiler at {mirror / REPO}")
        return 2
    verbose = "-v" in argv
    res = run(tree, only, verbose)
    t = res["tally"]
    for f in res["failures"]:
        if not verbose or "D3DReflect" in f:
            print("FAIL", f)
    print("fields differing (compiles):")
    for cat, n in sorted(res["fields"].items()):
        print(f"  {cat}: {n}")
    print("listing sections (equal/differing):")
    for title in _SECTIONS:
        eq, ne = res["listing"][(title, True)], res["listing"][(title, False)]
        if eq or ne:
            print(f"  {title}: {eq}/{eq + ne}")
    for key, title in (("stats", "stat"), ("stat_rules", "stat rule")):
        n_obj = t[f"{title} objects"]
        print(f"STAT counters differing ({'our compile' if key == 'stats' else 'fxc program recounted'}, "
              f"of {n_obj} objects):")
        for f, n in sorted(res[key].items()):
            print(f"  {f}: {n}")
    for kind, plural in (("effect", "effects"), ("library", "libraries")):
        if t[f"{kind}s"]:
            print(f"{plural} compiled {t[f'{kind}s compiled']}/{t[f'{kind}s']}")
    if t["fx_5_0 effects"]:
        print(f"fx_5_0 effects equal to fxc's objects (effect_facts) {t['fx_5_0 effects equal']}/"
              f"{t['fx_5_0 effects']}")
    if t["fxc unreadable"]:
        print(f"fxc objects our D3DReflect cannot read: {t['fxc unreadable']}")
    n = t["shaders compiled"]
    print(f"compiled {n}/{t['shaders']}, reflection equal {t['reflection equal']}/{n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
