"""fxc's own bytecode as the oracle of code generation (issue 15): run the DXBC object fxc built from an
HLSL source and our compile of the same source side by side on the same random inputs, constant buffers,
resources and hashed texels (tools/optdiff's harness, reference executor), and classify each pair.

    python -m pyd3d11.tools.fxc_oracle [--dxc-repo GIT_DIR] [--slimshader DIR] [--mirror DIR]
                                       [--corpus NAME ...] [--seeds N] [-v]

Corpora (read at run time, never copied into this repository):

* dxilconv's ``projects/dxilconv/test/dxbc2dxil/*.hlsl`` + ``.dxbc`` of microsoft/DirectXShaderCompiler
  (a git directory; files read with ``git cat-file``): the first line of each source is the fxc command
  that built the object (profile, ``/E``, ``/D``, ``/Od``);
* SlimShader's fxc objects (``.o``) with the ``.hlsl`` beside them (entry points and defines from
  tests/test_hlsl_slimshader.py's ENTRIES / DEFINES, the table that checks their reflection);
* fxc ``/Fh`` headers checked into microsoft/DirectXTK (``Src/Shaders/Compiled``, 173 effect shaders,
  vs/ps_4_0_level_9_1 and 4_0) and microsoft/DirectXTex (the BC6H/BC7 cs_4_0 encoders; DDSView's
  ps/vs_4_1 viewer shaders) before they were removed: the CompileShaders.cmd (or the listing's own
  command line) gives each object's entry and target; fxc stripped their reflection (``/Qstrip_reflect``),
  so the bindings compared are the program's declarations.

Outcomes (:func:`classify`): ``same`` (every output bit agrees on every seed); ``nanbits`` (the only
differing words are NaNs on both sides: D3D11 leaves a NaN result's sign and payload open); ``flushed``
(the only differing words are zeros or denormals on both sides: a denormal input copied by one program and
flushed by the other's arithmetic); ``ulps`` (the only differing words are finite floats of one sign at most 16
units in the last place apart: another order of rounding); ``uninit``
(either program's results change when its temps start with another word — the source reads a never-written
value, whose value is undefined); ``diff``; ``incomparable`` (signatures or bindings differ, so the same
inputs do not mean the same thing); ``unrunnable`` (interfaces, or anything the
executor refuses; hull and domain shaders run alone since session 48: optdiff feeds random control points, patch
constants and domain locations); ``nocompile``; ``timeout``.

``--real`` (issue 15, session 35) takes fxc's object from Microsoft's d3dcompiler_47.dll itself, run under Wine
(tools/wine_d3dcompiler; ``$PYD3D11_D3DCOMPILER_DLL`` names the DLL) instead of a stored corpus, so any source
can be put to the oracle:

    python -m pyd3d11.tools.fxc_oracle --real --gen N [--profiles ps_5_0,cs_5_0,vs_5_0,ps_4_0] [--od] [--first S]
                                       [--gen-version 2|3|4|5]
    python -m pyd3d11.tools.fxc_oracle --real --shader-tests DIR      # every HLSL section of vkd3d .shader_test files
    python -m pyd3d11.tools.fxc_oracle --real --sdk-samples DIR       # tools/sdk_samples' compiles (vs/ps/gs/cs)

``--gen`` compiles seeds ``S .. S+N-1`` of tools/hlsl_gen at each profile (``--od``: with
D3DCOMPILE_SKIP_OPTIMIZATION too). Besides the outcomes above, a source fxc refuses is ``fxc-rejects`` (we
refuse it too) or ``accept-only-ours`` (we compile what fxc refuses: a verdict to fix), and ``nocompile``
is a source fxc compiles and we refuse."""

from __future__ import annotations

import argparse
import contextlib
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE
from . import optdiff

DXBC2DXIL = "projects/dxilconv/test/dxbc2dxil/"
DEFAULT_DXC_REPO = Path("/work/.mirror/microsoft+DirectXShaderCompiler/repo")
_PROGRAM = {0: "ps", 1: "vs", 2: "gs", 3: "hs", 4: "ds", 5: "cs"}
_FXC_LINE = re.compile(r"//\s*FXC command line:\s*fxc\s+(.*)$", re.I | re.M)
#: fxc flags of the corpus command lines → D3DCOMPILE_* (only /Od appears: SKIP_OPTIMIZATION)
_FXC_FLAGS = {"/Od": 1 << 2, "/Zpr": 1 << 4, "/Zpc": 1 << 3, "/Gec": 1 << 12}


@dataclass(frozen=True)
class Pair:
    """One HLSL entry point and the object fxc built from it."""

    label: str
    source: bytes
    name: str            # file name handed to the compiler (includes resolve beside it)
    entry: str
    profile: str
    fxc: bytes
    defines: tuple[tuple[str, str], ...] = ()
    flags: int = 0


def profile_of(blob: bytes) -> str:
    """``xs_M_m`` from the SHDR/SHEX version token of an fxc object."""
    for tag in (b"SHEX", b"SHDR"):
        i = blob.find(tag)
        if i >= 0:
            ver = int.from_bytes(blob[i + 8:i + 12], "little")
            return f"{_PROGRAM[ver >> 16]}_{(ver >> 4) & 15}_{ver & 15}"
    raise ValueError("no shader program chunk")


def parse_fxc_command(line: str) -> tuple[str, tuple[tuple[str, str], ...], int]:
    """(entry, defines, flags) of an ``fxc /T … /E … /D N=V /Od`` command line (entry ``main`` unless /E)."""
    toks = line.replace("%s", " ").split()
    entry, defines, flags = "main", [], 0
    i = 0
    while i < len(toks):
        t = toks[i]
        if t in ("/E", "-E") and i + 1 < len(toks):
            entry, i = toks[i + 1], i + 1
        elif t.startswith(("/E", "-E")) and len(t) > 2:
            entry = t[2:]
        elif t in ("/D", "-D") and i + 1 < len(toks):
            n, _, v = toks[i + 1].partition("=")
            defines.append((n, v or "1"))
            i += 1
        elif t in _FXC_FLAGS:
            flags |= _FXC_FLAGS[t]
        i += 1
    return entry, tuple(defines), flags


def dxbc2dxil_pairs(repo: Path = DEFAULT_DXC_REPO) -> list[Pair]:
    """Every ``.hlsl`` of dxilconv's dxbc2dxil tests with a ``.dxbc`` beside it and an fxc command line."""
    git = ["git", "--git-dir", str(repo)]
    names = subprocess.run(git + ["ls-tree", "--name-only", "HEAD", DXBC2DXIL], check=True,
                           capture_output=True, text=True).stdout.split()
    have = set(names)
    paths = [n for n in names if n.endswith(".hlsl") and n[:-5] + ".dxbc" in have]
    wanted = [q for p in paths for q in (p, p[:-5] + ".dxbc")]
    out = subprocess.run(git + ["cat-file", "--batch"], check=True, capture_output=True,
                         input="".join(f"HEAD:{p}\n" for p in wanted).encode()).stdout
    data: dict[str, bytes] = {}
    pos = 0
    for p in wanted:
        end = out.index(b"\n", pos)
        size = int(out[pos:end].split()[2])
        data[p] = out[end + 1:end + 1 + size]
        pos = end + 2 + size
    pairs = []
    for p in paths:
        src = data[p]
        m = _FXC_LINE.search(src.decode("utf-8", "replace"))
        if m is None:
            continue
        entry, defines, flags = parse_fxc_command(m.group(1))
        fxc = data[p[:-5] + ".dxbc"]
        pairs.append(Pair(p[len(DXBC2DXIL):], src, p.rsplit("/", 1)[1], entry, profile_of(fxc), fxc, defines, flags))
    return pairs


def slimshader_pairs(root: Path, entries: list[tuple[str, str, object]], defines: dict[str, dict]) -> list[Pair]:
    """SlimShader's objects with their source: ``entries`` (object path, entry, _) and per-object defines."""
    pairs = []
    for obj, entry, _ in entries:
        o = root / obj
        src = _slim_source(o)
        if src is None:
            continue
        fxc = o.read_bytes()
        pairs.append(Pair(obj, src.read_bytes(), str(src), entry, profile_of(fxc), fxc,
                          tuple(defines.get(o.name, {}).items())))
    return pairs


def _slim_source(o: Path) -> Path | None:
    best = None
    for h in o.parent.glob("*.hlsl"):
        if o.stem.lower().startswith(h.stem.lower()) and (best is None or len(h.stem) > len(best.stem)):
            best = h
    return best


#: fxc-header corpora: (label, git directory under /work/.mirror, commit, shader folder). Each folder holds a
#: CompileShaders.cmd whose ``call :Sub file stage entry`` lines and ``set fxc=… /T… /E… /Fh…`` subroutines
#: name every object fxc wrote (``/Fh``: a C array with fxc's listing as a comment); the commit is the last
#: one before the objects were removed from the repository.
FXC_HEADER_CORPORA = (
    ("directxtk", "microsoft+DirectXTK", "cd29a780^", "Src/Shaders"),
    ("directxtex", "microsoft+DirectXTex", "2c66247^", "DirectXTex/Shaders"),
)
MIRROR = Path("/work/.mirror")
_CALL = re.compile(r"^call\s+:(\w+)(?:%1)?\s+(.*)$", re.I | re.M)
_SUB = re.compile(r"^:(\w+)\s*\n(?::\w+\s*\n)*set fxc=(.*)$", re.I | re.M)
_FH_LINE = re.compile(r"^//\s+fxc\s+(\S+)\s+(.*)$", re.I | re.M)


def header_bytes(text: str) -> bytes:
    """The object of an fxc ``/Fh`` header: the decimal (or 0x) numbers of its one brace-enclosed array,
    after the ``#if 0`` … ``#endif`` listing."""
    body = text[text.index("{", text.index("#endif")) + 1:text.rindex("}")]
    return bytes(int(t, 0) for t in body.replace(",", " ").split())


def _fxc_target(args: list[str]) -> str:
    for i, t in enumerate(args):
        if t[:2] in ("/T", "-T"):
            return t[2:] or args[i + 1]
    raise ValueError("no /T in the fxc command")


def _fh_name(args: list[str]) -> str:
    for i, t in enumerate(args):
        if t[:3] in ("/Fh", "-Fh"):
            return (t[3:] or args[i + 1]).replace("\\", "/")
    raise ValueError("no /Fh in the fxc command")


def cmd_jobs(cmd: str) -> list[tuple[str, str, str]]:
    """(source file, fxc arguments after it, /Fh header path) of every call of a CompileShaders.cmd; the
    ``%1 %2 %3`` of the subroutine's ``set fxc=`` line take the call's words (the xbox subroutines and
    ``%1`` suffixes that name them are left out: their objects are not in the repository)."""
    subs = {m.group(1).lower(): m.group(2) for m in _SUB.finditer(cmd.replace("\r", ""))}
    jobs = []
    for m in _CALL.finditer(cmd.replace("\r", "")):
        sub, words = m.group(1).lower(), m.group(2).split()
        if sub not in subs or sub.endswith("xbox"):
            continue
        line = subs[sub]
        for k, w in enumerate(words, 1):
            line = line.replace(f"%{k}", w)
        toks = line.split()
        src = next(t for t in toks[1:] if re.search(r"\.(fx|hlsl)$", t, re.I))
        rest = toks[toks.index(src) + 1:]
        jobs.append((src, " ".join(rest), _fh_name(rest)))
    return jobs


def _extract(repo: Path, commit: str, folder: str, cache: Path) -> Path:
    """The folder as of ``commit``, written once under ``cache`` (includes resolve beside the sources)."""
    out = cache / f"{repo.parent.name}-{commit.replace('^', '~1')}"
    done = out / (folder.replace("/", "+") + ".done")
    if not done.exists():
        out.mkdir(parents=True, exist_ok=True)
        tar = subprocess.run(["git", "--git-dir", str(repo), "archive", commit, folder], check=True,
                             capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(out)], input=tar, check=True)
        done.write_text("")
    return out / folder


def fxc_header_pairs(repo: Path, commit: str, folder: str,
                     cache: Path = Path("/tmp/pyd3d11_fxc_oracle")) -> list[Pair]:
    """The objects of one fxc-header corpus (FXC_HEADER_CORPORA) with their sources and fxc's arguments."""
    root = _extract(repo, commit, folder, cache)
    cmd = root / "CompileShaders.cmd"
    pairs = []
    for src, args, fh in cmd_jobs(cmd.read_text(errors="replace")):
        h = root / fh
        if not h.exists():
            continue
        entry, defines, flags = parse_fxc_command(args)
        target = _fxc_target(args.split())
        pairs.append(Pair(f"{Path(src).stem}:{entry}", (root / src).read_bytes(), str(root / src), entry,
                          target, header_bytes(h.read_text(errors="replace")), defines, flags))
    return pairs


def fh_pairs(repo: Path, commit: str, folder: str, cache: Path = Path("/tmp/pyd3d11_fxc_oracle")) -> list[Pair]:
    """Headers that carry their own fxc command line in the listing (``//   fxc file.fx … /Fh…``), as
    DirectXTex's DDSView/shaders/*.h do (fxc 9.29)."""
    root = _extract(repo, commit, folder, cache)
    pairs = []
    for h in sorted(root.rglob("*.h")):
        text = h.read_text(errors="replace")
        m = _FH_LINE.search(text)
        if m is None or "#if 0" not in text:
            continue
        src = root / m.group(1)
        if not src.exists():
            continue
        entry, defines, flags = parse_fxc_command(m.group(2))
        pairs.append(Pair(f"{src.stem}:{entry}", src.read_bytes(), str(src), entry, _fxc_target(m.group(2).split()),
                          header_bytes(text), defines, flags))
    return pairs


FH_CORPORA = (("ddsview", "microsoft+DirectXTex", "2c66247^", "DDSView"),)
CORPORA = ("dxbc2dxil", "slimshader", *(c[0] for c in FXC_HEADER_CORPORA), *(c[0] for c in FH_CORPORA))


# ---------------------------------------------------------------------------------------------------

def _interface(blob: bytes) -> tuple:
    """What must agree for the same inputs to mean the same: signature registers/masks/types and the
    resource bindings (slot, kind, dimension, return type)."""
    from ..shader.reflection import D3DReflect

    r = D3DReflect(blob)
    d = r.GetDesc()

    def sig(n, get):
        return tuple(sorted((p.Register, p.Mask, p.SystemValueType, p.ComponentType, p.Stream)
                            for p in (get(i) for i in range(n))))

    binds = []
    for i in range(d.BoundResources):
        b = r.GetResourceBindingDesc(i)
        if b.Type != 0:  # constant buffers: their layout is reflection's business, slots only here
            binds.append((b.Type, b.BindPoint, b.BindCount, b.Dimension, b.ReturnType))
        else:
            binds.append((0, b.BindPoint, b.BindCount, 0, 0))
    # a hull / domain shader's patch constants are an input or output too (their registers are compared)
    pc = sig(d.PatchConstantParameters, r.GetPatchConstantParameterDesc) if d.PatchConstantParameters else ()
    return (sig(d.InputParameters, r.GetInputParameterDesc), (sig(d.OutputParameters, r.GetOutputParameterDesc), pc),
            tuple(sorted(binds)))


def _program_text(blob: bytes) -> str:
    from ..shader.dxbc.container import parse_container
    from ..shader.dxbc.decoder import decode_program
    from ..shader.dxbc.disasm import disassemble_program

    return "\n".join(disassemble_program(decode_program(parse_container(blob, verify_checksum=False).program)))


def _declared_cbuffers(blob: bytes) -> set[int]:
    return {int(m) for m in re.findall(r"^dcl_constantbuffer\s+CB(\d+)", _program_text(blob), re.M | re.I)}


def _has_rdef(blob: bytes) -> bool:
    from ..shader.dxbc.container import parse_container

    return "RDEF" in parse_container(blob, verify_checksum=False)


_DCL_BINDING = re.compile(r"^(dcl_(?:resource\w*|sampler|uav\w*|tgsm\w*)\b.*|dcl_constantbuffer\s+\w+)", re.M)


def _declared_interface(blob: bytes) -> tuple:
    """The interface of an object whose reflection fxc stripped (``/Qstrip_reflect``): the signatures and
    the program's resource declarations (a constant buffer by its slot alone: fxc declares only the
    registers it reads)."""
    text = _program_text(blob)
    binds = tuple(sorted(re.sub(r"\[\d+\]", "", m.group(1)).strip() for m in _DCL_BINDING.finditer(text)))
    full = _interface(blob)
    return full[0], full[1], binds


def interfaces_agree(ours: bytes, fxc: bytes) -> bool:
    """Whether the same inputs mean the same to both objects (reflection's view, or the declarations'
    where fxc stripped the reflection)."""
    get = _interface if _has_rdef(fxc) else _declared_interface
    a, b = get(ours), get(fxc)
    return a[:2] == b[:2] and _without_lone_cbuffers(a[2], b[2]) == _without_lone_cbuffers(b[2], a[2])


def _without_lone_cbuffers(binds: tuple, other: tuple) -> tuple:
    """A constant buffer declared by one object only is left out: the other never reads it, and the harness
    fills a slot the same for both (fxc 9.29 declares an unused register-bound cbuffer, DDSView's PS_1D)."""
    def is_cb(x):
        return x[0] == 0 if isinstance(x, tuple) else x.startswith("dcl_constantbuffer")

    return tuple(x for x in binds if not is_cb(x) or x in other)


@contextlib.contextmanager
def _reference_backend() -> Iterator[None]:
    from ..shader import native

    saved = native._override
    native.set_backend("reference")
    try:
        yield
    finally:
        native._override = saved


def classify(ours: bytes, fxc: bytes, ref: bytes, seeds: tuple[int, ...] = (0, 1), lanes: int = 16,
             timeout: int = 30) -> tuple[str, str]:
    """(outcome, detail) of our compile ``ours`` against fxc's object ``fxc``; ``ref`` is our unoptimised
    compile with a register for every temp (tools/optdiff's uninitialised-read detector)."""
    if not interfaces_agree(ours, fxc):
        return "incomparable", "signatures or bindings differ"
    worst = ("same", "")
    with _reference_backend():
        for seed in seeds:
            for ints_only in (False, True):
                try:
                    with optdiff.time_limit(timeout):
                        res = _classify_seed(ours, fxc, ref, lanes, seed, ints_only)
                except optdiff.CaseTimeout:
                    if ints_only:
                        return "timeout", f"seed {seed}: > {timeout} s"
                    continue
                break
            if res[0] in ("diff", "unrunnable", "uninit"):
                return res
            rank = ("same", "flushed", "nanbits", "ulps")
            if res[0] in rank and rank.index(res[0]) > rank.index(worst[0]):
                worst = res  # ulps outranks a NaN-bit difference, which outranks a flushed one
    return worst


def _classify_seed(ours: bytes, fxc: bytes, ref: bytes, lanes: int, seed: int, ints_only: bool) -> tuple[str, str]:
    def run(blobs, lanes, seed, groups, ints_only):  # the integer retry also keeps input loop bounds small
        return optdiff._run_all(blobs, lanes, seed, groups, ints_only, int_inputs=ints_only)
    try:
        with optdiff.prefilled_temps(optdiff._FILL_A):
            ref_a, fxc_a, ours_a = run([ref, fxc, ours], lanes, seed, 2, ints_only)
        with optdiff.prefilled_temps(optdiff._FILL_B):
            ref_b, fxc_b, ours_b = run([ref, fxc, ours], lanes, seed, 2, ints_only)
    except optdiff.CaseTimeout:
        raise
    except Exception as e:  # noqa: BLE001 - what the executor cannot run is counted, not compared
        return "unrunnable", f"{type(e).__name__}: {e}"[:200]
    if optdiff._first_difference(ref_a, ref_b) or optdiff._first_difference(fxc_a, fxc_b):
        return "uninit", "results depend on never-written registers"
    d = optdiff._first_difference(ours_a, fxc_a) or optdiff._first_difference(ours_b, fxc_b)
    if d is None:
        return "same", ""
    d = f"seed {seed}: " + d.replace("unoptimised", "fxc").replace("optimised", "ours")
    if optdiff._only_nan_bits(ours_a, fxc_a) and optdiff._only_nan_bits(ours_b, fxc_b):
        return "nanbits", d
    if _only_flushed(ours_a, fxc_a) and _only_flushed(ours_b, fxc_b):
        return "flushed", d
    if _only_ulps(ours_a, fxc_a) and _only_ulps(ours_b, fxc_b):
        return "ulps", d
    return "diff", d


#: most units in the last place two finite floats of one sign may differ by for :func:`_only_ulps`
ULPS = 16


def _differing_words_only(ra: dict[str, np.ndarray], rb: dict[str, np.ndarray],
                          allowed: Callable[[np.ndarray, np.ndarray], bool]) -> bool:
    """Both runs wrote the same outputs in the same shapes, equal but for 32-bit words, and the words that
    differ (a's and b's, in one order) are ``allowed``."""
    for what, a in ra.items():
        b = rb.get(what)
        if b is None or a.shape != b.shape:
            return False
        if a.dtype != np.uint32:
            if not np.array_equal(a, b):
                return False
            continue
        ne = a != b
        if ne.any() and not allowed(a[ne], b[ne]):
            return False
    return True


def _within_ulps(a: np.ndarray, b: np.ndarray) -> bool:
    x, y = a.astype(np.int64), b.astype(np.int64)
    finite = ((x & 0x7F800000) != 0x7F800000) & ((y & 0x7F800000) != 0x7F800000)
    return bool(finite.all() and ((x >> 31) == (y >> 31)).all() and (np.abs(x - y) <= ULPS).all())


def _only_ulps(ra: dict[str, np.ndarray], rb: dict[str, np.ndarray]) -> bool:
    """Every differing 32-bit word is a finite float of the same sign on both sides, at most :data:`ULPS`
    apart: the two objects rounded in another order (fxc reassociates ``a - b*c + d*e`` chains and folds
    constants its own way; D3D11.3 §3.1 leaves float arithmetic's order to the compiler), not a wrong
    operation. Reported apart from ``diff`` (issue 15, session 35)."""
    return _differing_words_only(ra, rb, _within_ulps)


def _only_flushed(ra: dict[str, np.ndarray], rb: dict[str, np.ndarray]) -> bool:
    """Every differing 32-bit word is a zero or a denormal on both sides: one program passed a denormal's
    bits on (a move, a select) where the other ran them through float arithmetic, which flushes it to a
    zero of its sign (D3D11.3 3.1.3.2: float32 arithmetic flushes denormal inputs and results, sign kept).
    The random inputs' small integers read as floats are such denormals."""
    return _differing_words_only(
        ra, rb, lambda a, b: bool(((a & 0x7F800000) == 0).all() and ((b & 0x7F800000) == 0).all()))


def run_pair(pair: Pair, seeds: tuple[int, ...] = (0, 1), lanes: int = 16, timeout: int = 10,
             compile_timeout: int = 120) -> tuple[str, str]:
    """Compile ``pair``'s source as fxc did and classify it against fxc's object."""
    defines = dict(pair.defines) or None
    note = ""

    def build(profile: str) -> tuple[bytes, bytes]:
        with optdiff.time_limit(compile_timeout):
            ours = optdiff._compile(pair.source, pair.name, pair.entry, profile, defines,
                                    D3D_COMPILE_STANDARD_FILE_INCLUDE, pair.flags, True)
            # the reference compile only finds reads of never-written temps in the SM4 program; a register of
            # its own for every temp overflows the level-9 limits, so its shader model 2 translation is left out
            ref = optdiff.compile_unshared(pair.source, pair.name, pair.entry, sm4_profile(profile), defines,
                                           D3D_COMPILE_STANDARD_FILE_INCLUDE, pair.flags)
        return ours, ref

    try:
        try:
            ours, ref = build(pair.profile)
        except Exception as e:  # noqa: BLE001
            if "_level_9_" not in pair.profile or isinstance(e, optdiff.CaseTimeout) or not _level9_refusal(e):
                raise
            # the shader model 2 translation (Aon9 chunk) refused what fxc fitted; the SM4 program it would sit
            # beside is the 4_0 target's, which is what the oracle compares
            ours, ref = build(sm4_profile(pair.profile))
            note = f" [4_0 program: the level 9 translation refused ({_short(e)})]"
    except optdiff.CaseTimeout:
        return "timeout", "compiling"
    except Exception as e:  # noqa: BLE001 - the compile corpora test what does not compile
        return "nocompile", f"{type(e).__name__}: {e}"[:200]
    outcome, detail = classify(ours, pair.fxc, ref, seeds, lanes, timeout)
    return outcome, detail + note


def sm4_profile(profile: str) -> str:
    """The profile whose SM4 program a ``*_4_0_level_9_x`` target carries (``ps_4_0_level_9_1`` → ``ps_4_0``)."""
    return profile.split("_level_9_")[0]


def _level9_refusal(e: Exception) -> bool:
    """A 4_0_level_9_x compile refused by its shader model 2 translation only: its limits (X4509 temps, X5608
    instruction slots) or an operation it does not translate (NotSupportedError naming Aon9)."""
    text = str(e)
    return "X4509" in text or "X5608" in text or "Aon9" in text


def _short(e: Exception) -> str:
    m = re.search(r"(X\d{4}|Aon9)", str(e))
    return m.group(1) if m else type(e).__name__


def _slim_tables(tests_dir: Path):
    sys.path.insert(0, str(tests_dir))
    try:
        import test_hlsl_slimshader as t  # the table of entry points the reflection test keeps
    finally:
        sys.path.remove(str(tests_dir))
    return t.ENTRIES, t.DEFINES


# ---------------------------------------------------------------------------------------------------
# the live compiler (--real)

@dataclass(frozen=True)
class Source:
    """One compile to put to the live fxc: the source, its file name (includes resolve beside it), entry,
    profile, D3DCOMPILE_* flags and defines."""

    label: str
    source: bytes
    name: str
    entry: str
    profile: str
    flags: int = 0
    defines: tuple[tuple[str, str], ...] = ()


def real_outcome(real, src: Source, seeds: tuple[int, ...] = (0,), timeout: int = 10) -> tuple[str, str]:
    """Compile ``src`` with the live d3dcompiler_47 (``real``: a wine_d3dcompiler.WineD3DCompiler) and, when
    it compiles, classify our compile against its object (:func:`run_pair`); when fxc refuses it,
    ``fxc-rejects`` if we refuse it too, else ``accept-only-ours``."""
    from .wine_d3dcompiler import windows_path

    fname = windows_path(src.name) if "/" in src.name else src.name
    got = real.compile(src.source, src.profile, src.entry, src.flags, 0, dict(src.defines) or None, fname)
    if not got.ok:
        # fxc crashed on it ("internal error", or X8000 "D3D11 Internal Compiler Error: Invalid Bytecode" of the
        # object its own validator refused): no verdict to compare with
        if "internal error" in got.messages.lower() or "internal compiler error" in got.messages.lower():
            return "fxc-internal-error", _first_error(got.messages)
        try:
            with optdiff.time_limit(120):
                optdiff._compile(src.source, src.name, src.entry, src.profile, dict(src.defines) or None,
                                 D3D_COMPILE_STANDARD_FILE_INCLUDE, src.flags, True)
        except Exception:  # noqa: BLE001 - both refuse: agreement
            return "fxc-rejects", _first_error(got.messages)
        return "accept-only-ours", _first_error(got.messages)
    pair = Pair(src.label, src.source, src.name, src.entry, src.profile, got.blob, src.defines, src.flags)
    return run_pair(pair, seeds, timeout=timeout)


def _first_error(messages: str) -> str:
    lines = messages.strip().splitlines()
    return next((ln for ln in lines if " error " in ln), lines[0] if lines else "")[:300]


def generated_sources(first: int, count: int, profiles: list[str], od: bool, version: int = 1) -> Iterator[Source]:
    """tools/hlsl_gen's programs ``first .. first+count-1`` at each of ``profiles`` (and /Od with ``od``), of the
    generator's ``version`` (1: the programs the earlier sessions measured; 2-4: the widened language)."""
    from .cs_gen import random_program
    from .hlsl_gen import random_hlsl

    for seed in range(first, first + count):
        for prof in profiles:
            stage, model = prof[:2], int(prof[3])
            # version 5: tools/cs_gen's compute / geometry programs over the integer, half and double edges
            text = (random_program(seed, stage) if version == 5 else random_hlsl(seed, stage, model, version=version)
                    ).encode()
            for flags in ((0, 1 << 2) if od else (0,)):
                yield Source(f"gen{seed}:{prof}{'/Od' if flags else ''}", text, "gen.hlsl", "main", prof, flags)


def shader_test_sources(folder: Path) -> Iterator[Source]:
    """Every vertex/pixel/compute/geometry HLSL section of the ``.shader_test`` files under ``folder``, at the
    models 4.0 / 5.0 its ``[require]`` allows (optdiff.shader_test_cases; only a source of programs: the
    files' expected values are not read here)."""
    for f in sorted(folder.rglob("*.shader_test")):
        try:
            cases = optdiff.shader_test_cases(f)
        except Exception:  # noqa: BLE001 - an unreadable file is skipped, as optdiff does
            continue
        for label, text, prof, flags in cases:
            yield Source(label, text.encode() if isinstance(text, str) else text, "shader.hlsl", "main", prof, flags)


def sdk_sample_sources(root: Path) -> Iterator[Source]:
    """The DirectX SDK samples' stand-alone compiles (tools/sdk_samples: jobs and effect entry points) of
    vertex, pixel, geometry and compute shaders, read from ``root`` (walbourn/directx-sdk-samples)."""
    from . import sdk_samples

    for job in list(sdk_samples.jobs()) + list(sdk_samples.effect_jobs(root)):
        if job.target[:2] not in ("vs", "ps", "gs", "cs") or "#" in job.path or job.expect_error:
            continue
        path = root / job.path
        if path.is_file():
            yield Source(job.name(), path.read_bytes(), str(path), job.entry, job.target, job.flags, job.defines)


def run_real(sources: Iterator[Source], seeds: tuple[int, ...], timeout: int, verbose: bool,
             label: str) -> Counter[str]:
    """Put every source to the live compiler and the executor; print each disagreement and the counts."""
    from .wine_d3dcompiler import WineD3DCompiler

    counts: Counter[str] = Counter()
    with WineD3DCompiler() as real:
        for src in sources:
            try:
                outcome, detail = real_outcome(real, src, seeds, timeout)
            except Exception as e:  # noqa: BLE001 - a crash of the harness is counted and shown
                outcome, detail = "crash", f"{type(e).__name__}: {e}"[:300]
            counts[outcome] += 1
            if outcome in ("diff", "ulps", "timeout", "nocompile", "accept-only-ours", "crash") or verbose:
                print(f"{src.label} {src.entry}/{src.profile}: {outcome} {detail}", flush=True)
    print(f"{label}: {sum(counts.values())} sources: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())),
          flush=True)
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.fxc_oracle")
    ap.add_argument("--real", action="store_true", help="fxc's objects from the live d3dcompiler_47 (Wine)")
    ap.add_argument("--gen", type=int, default=0, help="with --real: this many tools/hlsl_gen programs")
    ap.add_argument("--first", type=int, default=0, help="with --gen: the first seed")
    ap.add_argument("--profiles", default="ps_5_0,cs_5_0,vs_5_0,ps_4_0", help="with --gen")
    ap.add_argument("--od", action="store_true", help="with --gen: also compile with /Od")
    ap.add_argument("--gen-version", type=int, default=1,
                    help="with --gen: tools/hlsl_gen's version (1-4); 5: tools/cs_gen (profiles cs_5_0,gs_5_0,hs_5_0,ds_5_0)")
    ap.add_argument("--shader-tests", type=Path, help="with --real: a folder of .shader_test files")
    ap.add_argument("--sdk-samples", type=Path, help="with --real: walbourn/directx-sdk-samples' work tree")
    ap.add_argument("--dxc-repo", type=Path, default=DEFAULT_DXC_REPO)
    ap.add_argument("--slimshader", type=Path, default=Path("../shared/conformance/dxbc-corpus/slimshader"))
    ap.add_argument("--tests", type=Path, default=Path(__file__).resolve().parents[3] / "tests")
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--only", default="", help="substring of the labels to run")
    ap.add_argument("--timeout", type=int, default=10, help="seconds per run of one seed (SIGALRM)")
    ap.add_argument("-v", action="store_true", help="list every pair, not only differences")
    ap.add_argument("--mirror", type=Path, default=MIRROR, help="folder of the fetched git mirrors")
    ap.add_argument("--corpus", action="append", choices=CORPORA,
                    help="run only this corpus (repeatable; default: every corpus whose data is present)")
    a = ap.parse_args(argv)
    if a.real:
        seeds = tuple(range(a.seeds))
        found = 0
        if a.gen:
            c = run_real(generated_sources(a.first, a.gen, a.profiles.split(","), a.od, a.gen_version), seeds,
                         a.timeout, a.v, "generated")
            found += c["diff"] + c["nocompile"] + c["accept-only-ours"]
        if a.shader_tests:
            c = run_real(shader_test_sources(a.shader_tests), seeds, a.timeout, a.v, "shader-tests")
            found += c["diff"] + c["nocompile"] + c["accept-only-ours"]
        if a.sdk_samples:
            c = run_real(sdk_sample_sources(a.sdk_samples), seeds, a.timeout, a.v, "sdk-samples")
            found += c["diff"] + c["nocompile"] + c["accept-only-ours"]
        return 1 if found else 0
    want = set(a.corpus or CORPORA)
    corpora: dict[str, list[Pair]] = {}
    if "dxbc2dxil" in want and a.dxc_repo.exists():
        corpora["dxbc2dxil"] = dxbc2dxil_pairs(a.dxc_repo)
    if "slimshader" in want and a.slimshader.exists():
        entries, defines = _slim_tables(a.tests)
        corpora["slimshader"] = slimshader_pairs(a.slimshader, entries, defines)
    for label, repo, commit, folder in FXC_HEADER_CORPORA:
        if label in want and (a.mirror / repo / "repo").exists():
            corpora[label] = fxc_header_pairs(a.mirror / repo / "repo", commit, folder)
    for label, repo, commit, folder in FH_CORPORA:
        if label in want and (a.mirror / repo / "repo").exists():
            corpora[label] = fh_pairs(a.mirror / repo / "repo", commit, folder)
    found = 0
    for corpus, pairs in corpora.items():
        counts: Counter[str] = Counter()
        level9: Counter[str] = Counter()  # of which compiled as the 4_0 target (level 9 translation refused)
        for p in pairs:
            if a.only not in p.label:
                continue
            outcome, detail = run_pair(p, tuple(range(a.seeds)), timeout=a.timeout)
            counts[outcome] += 1
            level9[outcome] += "[4_0 program" in detail
            if outcome in ("diff", "nanbits", "timeout") or a.v:
                print(f"{corpus} {p.label} {p.entry}/{p.profile}: {outcome} {detail}", flush=True)
        found += counts["diff"]
        print(f"{corpus}: {sum(counts.values())} pairs: " + ", ".join(
            f"{v} {k}" + (f" ({level9[k]} as 4_0)" if level9[k] else "") for k, v in sorted(counts.items())),
            flush=True)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
