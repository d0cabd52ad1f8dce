"""``python -m pyd3d11.tools.dxc_sema DXC_REPO [-v] [files…]``

Accept/reject agreement with fxc on the HLSL front-end tests of microsoft/DirectXShaderCompiler
(``tools/clang/test/SemaHLSL/*.hlsl``, fetched separately; never part of this repository). Those files
carry fxc's verdict per source line — ``fxc-error {{X####: …}}``, ``fxc-warning {{…}}`` or
``fxc-pass {{}}`` — recorded by DXC's utils/hct/VerifierHelper.py, which compiles the file with fxc
(``/DVERIFY_FXC=1``; the arguments of a ``:FXC_VERIFY_ARGUMENTS:`` line, else an appended empty
``_test_main`` compute entry point at cs_5_1), takes the first error by line, comments that statement
out and compiles again until no error is left.

This tool runs the same procedure through our D3DCompile (SM 5.1 targets become 5.0: the front-end
rules are those of fxc's 5.x) and counts, over the annotated lines: fxc-error lines where we report an
error (agree), fxc-pass/fxc-warning lines where we report none (agree), and the disagreements both
ways. The procedure is our own implementation of the one described above.

Known difference of the 5.1 → 5.0 mapping: fxc at 5.1 rejects an object reserved in the wrong register
set (``Texture2D t : register(s0)``, ``sampler s : register(t0)``) whether or not the program uses it,
while fxc at 4.0–5.0 ignores the reservation of an unused object (vkd3d's Windows-verified
register-reservations-resources.shader_test: ``sampler2D unused : register(t0)`` fails only at
sm >= 5.1). packreg.hlsl declares some 230 such unused objects; those reserved in another documented
register set (173 lines) count as misses of its tally (107/280 fxc errors found, session 9) and, since
session 12, as known differences (``known_difference``; the summary splits the disagreements), the others
name no register type at all and fail at any model (shader/hlsl/regclass.py). An earlier 270/280 was
accidental — the compiler of that time reported a wrong error ("expected 'c' binding") on those lines.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from pyd3d11.headers import d3dcompiler_types as D

_DIAG = re.compile(r"fxc-(error|warning|pass)\s*\{\{(.*?)\}\}")
_ARGS = re.compile(r"//\s*:FXC_VERIFY_ARGUMENTS:\s+(.*)")
_ERR_LINE = re.compile(r"^t\.hlsl\((\d+)(?:,\d+)?(?:-\d+)?\): error (X\d+)", re.M)
STUB = "[numthreads(1,1,1)] void _test_main() {  }"

#: files whose fxc annotations were written by hand for the entry point the file's RUN line names, not
#: recorded by VerifierHelper's procedure: they run with these arguments instead of the appended
#: ``_test_main``. array-index-out-of-bounds{,-HV-2016}.hlsl came in DXC commits a4b240c8 and ecfa00c8
#: (2019) with their annotations typed beside the new clang diagnostic (the HV-2016 file's bare
#: ``fxc-pass`` has none of the ``{{}}`` VerifierHelper writes). Together they record fxc's X3504 for a
#: literal index out of range in the entry point ``main`` and no error for the same statements in an
#: uncalled ``dead()``: X3504 is a code-generation error of the function compiled, so under
#: VerifierHelper's ``_test_main`` neither file would fail.
HAND_ARGS: dict[str, str] = {
    "array-index-out-of-bounds.hlsl": "/E main /T vs_5_0",
    "array-index-out-of-bounds-HV-2016.hlsl": "/E main /T vs_5_0",
}

#: register letters the HLSL reference documents for ``register(...)`` (MicrosoftDocs direct3dhlsl
#: "register": b, t, c, s, u; ``i`` is the D3D9 integer set, also accepted by fxc's parser)
_DOCUMENTED_SETS = set("btcsui")
_REG_LETTERS = re.compile(r"register\s*\(\s*(?:\w+\s*,\s*)?([A-Za-z_]+)")
_SM51_CLASS = re.compile(r"fxc-error\s*\{\{(?:X3530: (?:UAV|texture|buffer|sampler) requires |X3591: incorrect bind)")
#: declarations whose register class fxc checks at every model (constant and texture buffers)
_BUFFER_DECL = re.compile(r"\s*(?:cbuffer|tbuffer|ConstantBuffer|TextureBuffer)\b")


def known_difference(line_text: str) -> str | None:
    """The reason an fxc-error line this tool's SM 5.0 run cannot agree with, or None.

    fxc's verdicts were recorded at cs_5_1; fxc at 5.1 rejects an object declared in a documented
    register set of another kind (``Texture2D t : register(u0)``, X3530; ``sampler s : register(t0)``,
    X3591) even when the program never uses it, fxc 4.0–5.0 ignores the reservation of an unused object (see the module doc). A register letter
    outside the documented sets fails at any model, so those lines are not excused."""
    if not _SM51_CLASS.search(line_text):
        return None
    if _BUFFER_DECL.match(line_text):
        # a cbuffer's c# is its slot below 5.1 (AMD_UnitCube.hlsl, fxc 6.3.9600 at vs_5_0); other sets fail
        if re.match(r"\s*cbuffer\b", line_text) and [x[0].lower() for x in _REG_LETTERS.findall(line_text)] == ["c"]:
            return "sm5.1-only: a cbuffer's c# register"
        return None
    letters = _REG_LETTERS.findall(line_text.split("//")[0].split("/*")[0])
    if letters and all(x[0].lower() in _DOCUMENTED_SETS for x in letters):
        return "sm5.1-only: unused object in another documented register set"
    return None


@dataclass
class FileResult:
    name: str
    expected: dict[int, str]  # 1-based line -> "error" | "accept"
    ours: dict[int, str] = field(default_factory=dict)  # line -> our first error code there
    notimpl: set[int] = field(default_factory=set)
    crash: str = ""
    known: dict[int, str] = field(default_factory=dict)  # line -> why an fxc error there cannot be matched

    def disagreements(self) -> dict[int, str]:
        """Line -> "missed"/"rejected" for each annotated line where our verdict differs (not-built lines
        excluded)."""
        out = {}
        for line, verdict in self.expected.items():
            if line not in self.notimpl and (verdict == "error") != (line in self.ours):
                out[line] = "missed" if verdict == "error" else "rejected"
        return out

    def tally(self) -> dict[str, int]:
        t = {"err_agree": 0, "err_missed": 0, "acc_agree": 0, "acc_rejected": 0, "notimpl": 0}
        for line, verdict in self.expected.items():
            if line in self.notimpl:
                t["notimpl"] += 1
            elif verdict == "error" and line not in self.ours and line in self.known:
                t["err_known"] = t.get("err_known", 0) + 1
                t["err_missed"] += 1
            elif verdict == "error":
                t["err_agree" if line in self.ours else "err_missed"] += 1
            else:
                t["acc_rejected" if line in self.ours else "acc_agree"] += 1
        return t


def fxc_expectations(lines: list[str]) -> dict[int, str]:
    out: dict[int, str] = {}
    for i, line in enumerate(lines, 1):
        if line.lstrip().startswith("//"):
            # a statement the file keeps commented out (spec.hlsl: ``//fn_f44(f4); // … fxc-error``):
            # fxc never compiled it, so the note is no verdict of fxc on this file
            continue
        kinds = {m.group(1) for m in _DIAG.finditer(line)}
        if "error" in kinds:
            out[i] = "error"
        elif kinds:
            out[i] = "accept"
    return out


def _statement_end(lines: list[str], start: int) -> int:
    """Index one past the statement or block that begins on ``lines[start]``: lines are taken until
    brackets balance and the line ends a statement (``;``) or a block (``{`` … ``}``)."""
    depth = 0
    i = start
    while i < len(lines):
        code = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[i])
        code = re.sub(r"/\*.*?\*/", " ", code)  # the annotations sit in /* */ comments after the statement
        code = re.sub(r"//.*", "", code)
        depth += sum(code.count(c) for c in "({[") - sum(code.count(c) for c in ")}]")
        i += 1
        stripped = code.strip()
        if depth <= 0 and (stripped.endswith((";", "}", "{")) or not stripped) and not stripped.endswith("\\"):
            if stripped.endswith("{") and depth > 0:
                continue
            return i
    return i


def _target(args: str | None) -> tuple[str, str, int]:
    if args is None:
        return "_test_main", "cs_5_0", 0
    toks = args.split()
    entry, target, flags = "main", "ps_5_0", 0
    for k, tok in enumerate(toks):
        if tok == "/E" and k + 1 < len(toks):
            entry = toks[k + 1]
        elif tok == "/T" and k + 1 < len(toks):
            target = toks[k + 1].replace("_5_1", "_5_0")
        elif tok == "/Gec":
            flags |= D.D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
    return entry, target, flags


def _ours(src: str, entry: str, target: str, flags: int) -> tuple[str, bool]:
    """Our D3DCompile of one round: (error text, or "" when it compiled; whether the failure is "not built")."""
    from pyd3d11.errors import NotSupportedError, ShaderCompileError
    from pyd3d11.shader.compile_api import D3DCompile

    try:
        D3DCompile(src, None, "t.hlsl", [("VERIFY_FXC", "1")], None, entry, target, flags, 0)
        return "", False
    except (ShaderCompileError, NotSupportedError) as e:
        notimpl = isinstance(e, NotSupportedError) or getattr(e, "hresult", 0) == 0x80004001
        return str(getattr(e, "errors", "") or e) or " ", notimpl  # " ": a failure naming no line ends the run


def _fxc(real):
    """A round compiler for :func:`run_file` that asks Microsoft's d3dcompiler_47.dll (``real``, a
    :class:`pyd3d11.tools.wine_d3dcompiler.WineD3DCompiler`) instead of ours."""
    def compile_round(src: str, entry: str, target: str, flags: int) -> tuple[str, bool]:
        r = real.compile(src, target, entry, flags, 0, {"VERIFY_FXC": "1"}, "t.hlsl")
        # fxc names the source by its full path (Z:\\dir\\t.hlsl(12,5-9): error …): keep the bare name
        return ("" if r.ok else re.sub(r"^[^\n(]*?t\.hlsl\(", "t.hlsl(", r.messages, flags=re.M) or " "), False
    return compile_round


def run_file(path: Path, max_rounds: int = 2000, compile_round=None) -> FileResult:
    """VerifierHelper's procedure on one file: compile, comment out the statement of the first error by line,
    repeat. ``compile_round`` (default: ours) is ``(source, entry, target, flags) -> (error text or "", not
    built)``."""
    text = path.read_text("utf-8", "replace")
    lines = text.replace("\r\n", "\n").split("\n")
    res = FileResult(path.name, fxc_expectations(lines))
    res.known = {i: why for i in res.expected if (why := known_difference(lines[i - 1]))}
    args = HAND_ARGS.get(path.name) or next((m.group(1) for ln in lines if (m := _ARGS.search(ln))), None)
    entry, target, flags = _target(args)
    compile_round = compile_round or _ours
    commented = list(lines)
    for _ in range(max_rounds):
        src = "\n".join(commented) + ("\n" + STUB + "\n" if args is None else "\n")
        try:
            errors, notimpl = compile_round(src, entry, target, flags)
        except Exception as e:  # noqa: BLE001 - a crash is a finding
            res.crash = f"{type(e).__name__}: {e}"
            break
        if not errors:
            break
        m = _ERR_LINE.search(errors)
        if m is None:
            # an error whose text is not fxc's X#### form (not built here: its line); a warning's line is no verdict
            m2 = re.search(r"^t\.hlsl\((\d+)[^\n]*\berror\b", errors, re.M) or \
                (re.search(r"t\.hlsl\((\d+)", errors) if notimpl else None)
            if m2 is None:
                break
            line, code = int(m2.group(1)), "notimpl"
        else:
            line, code = int(m.group(1)), m.group(2)
        if notimpl:
            res.notimpl.add(line)
        if line > len(commented) or line in res.ours:
            break
        res.ours[line] = code
        end = _statement_end(commented, line - 1)
        for k in range(line - 1, max(end, line)):
            commented[k] = "//  " + commented[k]
    return res


def sema_files(repo: Path) -> list[Path]:
    return sorted(p for p in (repo / "tools/clang/test/SemaHLSL").glob("*.hlsl")
                  if _DIAG.search(p.read_text("utf-8", "replace")))


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    repo = Path(argv[0])
    verbose = "-v" in argv
    only = [a for a in argv[1:] if a not in ("-v", "--real")]
    files = [p for p in sema_files(repo) if not only or p.name in only]
    if "--real" in argv:
        return _main_real(files, verbose)
    total: dict[str, int] = {}
    for p in files:
        r = run_file(p)
        t = r.tally()
        for k, v in t.items():
            total[k] = total.get(k, 0) + v
        print(f"{p.name}: errors {t['err_agree']}/{t['err_agree'] + t['err_missed']}, accepts "
              f"{t['acc_agree']}/{t['acc_agree'] + t['acc_rejected']}" + (f", notimpl {t['notimpl']}" if t["notimpl"]
                                                                         else "") + (f"  CRASH {r.crash}" if r.crash else ""))
        if verbose:
            for line, verdict in sorted(r.expected.items()):
                got = r.ours.get(line)
                if (verdict == "error") != (got is not None):
                    why = f"  [known: {r.known[line]}]" if line in r.known and got is None else ""
                    print(f"   line {line}: fxc {verdict}, ours {got or 'accept'}{why}")
    known = total.pop("err_known", 0)
    agree = total.get("err_agree", 0) + total.get("acc_agree", 0)
    n = sum(total.values())
    print(f"fxc-annotated lines: {agree}/{n} agree; fxc errors found {total.get('err_agree', 0)}/"
          f"{total.get('err_agree', 0) + total.get('err_missed', 0)}, fxc accepts kept "
          f"{total.get('acc_agree', 0)}/{total.get('acc_agree', 0) + total.get('acc_rejected', 0)}, "
          f"not built {total.get('notimpl', 0)}")
    print(f"of the {n - agree - total.get('notimpl', 0)} disagreements, {known} are known differences of the "
          f"SM 5.0 run (known_difference), {n - agree - total.get('notimpl', 0) - known} unexplained")
    return 0


def compare_real(ours: FileResult, fxc: FileResult) -> dict[str, list[int]]:
    """Per line, our procedure's verdict beside the live fxc's (both at the same target): the lines where
    both report the same error number, both report errors with different numbers, only fxc reports one,
    only we do. Lines neither reports are agreements and are not listed."""
    out: dict[str, list[int]] = {"same": [], "number": [], "fxc only": [], "ours only": []}
    for line in sorted(set(ours.ours) | set(fxc.ours)):
        a, b = ours.ours.get(line), fxc.ours.get(line)
        key = "fxc only" if a is None else "ours only" if b is None else "same" if a == b else "number"
        out[key].append(line)
    return out


def _main_real(files: list[Path], verbose: bool) -> int:
    """``--real``: VerifierHelper's procedure run twice per file at the file's target taken to 5.0 — through
    Microsoft's d3dcompiler_47.dll (``$PYD3D11_D3DCOMPILER_DLL``, under Wine) and through ours — and compared
    line by line (the recorded annotations came from an older fxc at 5.1; this compares with 10.1 at 5.0)."""
    from pyd3d11.tools.wine_d3dcompiler import WineD3DCompiler

    total = {"same": 0, "number": 0, "fxc only": 0, "ours only": 0}
    with WineD3DCompiler() as real:
        for p in files:
            fxc = run_file(p, compile_round=_fxc(real))
            ours = run_file(p)
            diff = compare_real(ours, fxc)
            for k, v in diff.items():
                total[k] += len(v)
            print(f"{p.name}: " + ", ".join(f"{k} {len(v)}" for k, v in diff.items())
                  + (f"  CRASH {ours.crash or fxc.crash}" if ours.crash or fxc.crash else ""), flush=True)
            if verbose:
                lines = p.read_text("utf-8", "replace").replace("\r\n", "\n").split("\n")
                for k in ("number", "fxc only", "ours only"):
                    for line in diff[k]:
                        print(f"   line {line}: fxc {fxc.ours.get(line, 'accept')}, ours {ours.ours.get(line, 'accept')}"
                              f"   {lines[line - 1].strip()[:100]}")
    print("lines with an error from either compiler: " + ", ".join(f"{k} {v}" for k, v in total.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
