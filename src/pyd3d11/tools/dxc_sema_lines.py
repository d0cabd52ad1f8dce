"""``python -m pyd3d11.tools.dxc_sema_lines plan|judge|both [--model 5_0] [--root DIR] [--plans F] [files…]``

The finest-grained accept/reject cases of DXC's SemaHLSL tests (microsoft/DirectXShaderCompiler
``tools/clang/test/SemaHLSL/**/*.hlsl``, fetched separately; never part of this repository): **each line a
test marks as an error becomes its own program**, judged by Microsoft's fxc (d3dcompiler_47.dll under Wine,
:mod:`pyd3d11.tools.wine_d3dcompiler`) and by our D3DCompile at the same target.

Why a second tool beside :mod:`pyd3d11.tools.dxc_sema`: that one replays VerifierHelper's procedure (compile,
comment out the first error's statement, repeat), so a line is judged only in the company of every line
before it that compiled; a line both compilers reject for different reasons hides the next. Here:

1. the *suspect* statements are those on a line carrying an ``fxc-error {{…}}`` note or DXC's own
   ``expected-error`` (``expected-error@+N`` / ``@-N`` / ``@N`` name another line);
2. the *base* program is the file with every suspect statement commented out and, since DXC's notes are
   not fxc's, whatever else fxc still rejects commented out by VerifierHelper's procedure run through fxc
   (those statements become suspects too); the base is a program fxc compiles;
3. each suspect statement is restored alone into the base: one program per statement, and fxc's verdict
   (class and first error) is kept in the plan (``plan``: needs ``$PYD3D11_D3DCOMPILER_DLL``);
4. ``judge`` compiles the base and every program with our D3DCompile and classes each as
   :func:`pyd3d11.tools.dxc_corpus.verdict_class` does (both compile, same number, numbers differ, we reject /
   fxc compiles, we compile / fxc rejects, not built, fxc fails).

The entry point is the file's ``:FXC_VERIFY_ARGUMENTS:`` (retargeted to ``--model``), else VerifierHelper's
appended empty ``_test_main`` compute shader at ``cs_<model>``; ``VERIFY_FXC`` is defined as in
VerifierHelper. The plan (JSON) holds line ranges, not sources, so the judging side can run where only the
files and this repository are (``--root`` is the folder holding ``tools/clang/test/SemaHLSL``).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pyd3d11.tools import dxc_sema

SEMA = "tools/clang/test/SemaHLSL"
_EXPECTED = re.compile(r"expected-error(?:@([+-]?)(\d+))?\s*\{\{")
_FXC_ERROR = re.compile(r"fxc-error\s*\{\{")
_ERR_LINE = re.compile(r"t\.hlsl\((\d+)(?:,\d+)?(?:-\d+)?\): error X\d{4}")


@dataclass
class Program:
    start: int  # 0-based first line of the restored statement
    end: int    # one past its last line
    fxc: tuple[str, str] = ("", "")
    ours: tuple[str, str] = ("", "")


@dataclass
class FilePlan:
    path: str            # relative to the root
    entry: str
    target: str
    flags: int
    stub: bool           # VerifierHelper's appended _test_main
    base: list[tuple[int, int]] = field(default_factory=list)  # commented ranges of the base program
    base_fxc: tuple[str, str] = ("", "")
    base_ours: tuple[str, str] = ("", "")
    programs: list[Program] = field(default_factory=list)
    skip: str = ""


def suspect_lines(lines: list[str]) -> set[int]:
    """0-based lines a test marks as errors: fxc-error notes (not on a line the file keeps commented out) and
    DXC's expected-error notes at the line they name."""
    out: set[int] = set()
    for i, text in enumerate(lines):
        if _FXC_ERROR.search(text) and not text.lstrip().startswith("//"):
            out.add(i)
        for m in _EXPECTED.finditer(text):
            sign, num = m.group(1), m.group(2)
            line = i if num is None else i + int(num) if sign == "+" else i - int(num) if sign == "-" else int(num) - 1
            if 0 <= line < len(lines):
                out.add(line)
    return out


def _is_code(text: str) -> bool:
    code = re.sub(r"/\*.*?\*/", " ", text)
    code = re.sub(r"//.*", "", code).strip()
    return bool(code) and not code.startswith("#")


def statement_ranges(lines: list[str], starts: set[int]) -> list[tuple[int, int]]:
    """The statement (or block) beginning on each line of ``starts``, as VerifierHelper comments it out; a line
    inside an earlier range joins it (restoring the inner one alone would give the base back)."""
    ranges: list[tuple[int, int]] = []
    for s in sorted(starts):
        if not _is_code(lines[s]):
            continue
        if ranges and s < ranges[-1][1]:
            continue
        ranges.append((s, max(dxc_sema._statement_end(lines, s), s + 1)))
    return ranges


def source(lines: list[str], commented: list[tuple[int, int]], stub: bool) -> str:
    out = list(lines)
    for a, b in commented:
        for k in range(a, b):
            out[k] = "//  " + out[k]
    return "\n".join(out) + ("\n" + dxc_sema.STUB + "\n" if stub else "\n")


def _target(lines: list[str], name: str, model: str) -> tuple[str, str, int, bool] | None:
    args = dxc_sema.HAND_ARGS.get(name) or next((m.group(1) for ln in lines if (m := dxc_sema._ARGS.search(ln))), None)
    if args is None:
        return "_test_main", f"cs_{model}", 0, True
    entry, target, flags = dxc_sema._target(args)
    stage = target.split("_")[0]
    if model.startswith("4") and stage in ("hs", "ds"):
        return None
    return entry, f"{stage}_{model}", flags, False


def _fxc_outcome(real, src: str, plan: FilePlan) -> tuple[tuple[str, str], int | None]:
    """fxc's (class, detail) and the 0-based line of its first error (None when it names none)."""
    try:
        r = real.compile(src, plan.target, plan.entry, plan.flags, 0, {"VERIFY_FXC": "1"}, "t.hlsl")
    except (TimeoutError, RuntimeError) as e:
        return ("hang", str(e)[:200]), None
    if r.ok:
        return ("compiled", ""), None
    text = re.sub(r"^[^\n(]*?t\.hlsl\(", "t.hlsl(", r.messages, flags=re.M)
    m = re.search(r"error (X\d{4}): ?(.*)", text)
    line = _ERR_LINE.search(text)
    cls = ("error", f"{m.group(1)}: {m.group(2).strip()}"[:200]) if m else ("failed", text.strip()[:200])
    return cls, (int(line.group(1)) - 1 if line else None)


def plan_file(real, root: Path, rel: str, model: str, max_rounds: int = 400) -> FilePlan:
    """Steps 1–3 of the module doc for one file, fxc's verdicts filled in."""
    lines = (root / rel).read_text("utf-8", "replace").replace("\r\n", "\n").split("\n")
    tgt = _target(lines, Path(rel).name, model)
    if tgt is None:
        return FilePlan(rel, "", "", 0, False, skip=f"no {model} target for the file's stage")
    plan = FilePlan(rel, *tgt)
    starts = suspect_lines(lines)
    if not starts:
        plan.skip = "no error notes"
        return plan
    commented = statement_ranges(lines, starts)
    for _ in range(max_rounds):
        plan.base_fxc, line = _fxc_outcome(real, source(lines, commented, plan.stub), plan)
        if plan.base_fxc[0] != "error" or line is None or line >= len(lines) or any(a <= line < b for a, b in commented):
            break
        starts.add(line)
        commented = statement_ranges(lines, starts)
    if plan.base_fxc[0] != "compiled":
        plan.skip = f"fxc rejects the base: {plan.base_fxc[1][:100]}"
        return plan
    plan.base = commented
    for k, (a, b) in enumerate(commented):
        prog = Program(a, b)
        prog.fxc, _ = _fxc_outcome(real, source(lines, commented[:k] + commented[k + 1:], plan.stub), plan)
        plan.programs.append(prog)
    return plan


def _ours_outcome(src: str, plan: FilePlan, timeout: float = 60.0) -> tuple[str, str]:
    from pyd3d11.headers import d3dcompiler_types as D  # noqa: F401 - keeps the import order of dxc_corpus
    from pyd3d11.shader.compile_api import D3DCompile
    from pyd3d11.tools.dxc_corpus import outcome

    return outcome(lambda: D3DCompile(src, None, "t.hlsl", [("VERIFY_FXC", "1")], None, plan.entry, plan.target,
                                      plan.flags, 0), timeout)[:2]


def judge_file(root: Path, plan: FilePlan) -> FilePlan:
    """Step 4: our verdict on the base and on every program of the plan."""
    if plan.skip:
        return plan
    lines = (root / plan.path).read_text("utf-8", "replace").replace("\r\n", "\n").split("\n")
    base = [tuple(r) for r in plan.base]
    plan.base_ours = _ours_outcome(source(lines, base, plan.stub), plan)
    for k, prog in enumerate(plan.programs):
        prog.ours = _ours_outcome(source(lines, base[:k] + base[k + 1:], plan.stub), plan)
    return plan


def sema_files(root: Path) -> list[str]:
    """Every SemaHLSL file (subfolders too) with an error note of either kind."""
    out = []
    for p in sorted((root / SEMA).rglob("*.hlsl")):
        text = p.read_text("utf-8", "replace")
        if _FXC_ERROR.search(text) or _EXPECTED.search(text):
            out.append(p.relative_to(root).as_posix())
    return out


def load_plans(path: Path) -> list[FilePlan]:
    plans = []
    for d in json.loads(path.read_text()):
        progs = [Program(p["start"], p["end"], tuple(p["fxc"]), tuple(p["ours"])) for p in d.pop("programs")]
        d["base"] = [tuple(r) for r in d["base"]]
        d["base_fxc"], d["base_ours"] = tuple(d["base_fxc"]), tuple(d["base_ours"])
        plans.append(FilePlan(**d, programs=progs))
    return plans


def tally(plans: list[FilePlan]) -> dict[str, int]:
    from collections import Counter

    from pyd3d11.tools.dxc_corpus import verdict_class

    t: Counter = Counter()
    for plan in plans:
        if plan.skip:
            continue
        t["base: " + verdict_class(plan.base_ours, plan.base_fxc)] += 1
        for prog in plan.programs:
            t[verdict_class(prog.ours, prog.fxc)] += 1
    return dict(t)


def _judge_one(args: tuple[str, dict]) -> dict:
    root, d = args
    progs = [Program(p["start"], p["end"], tuple(p["fxc"]), tuple(p["ours"])) for p in d["programs"]]
    plan = FilePlan(**{**d, "programs": progs, "base": [tuple(r) for r in d["base"]]})
    return asdict(judge_file(Path(root), plan))


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="dxc_sema_lines", description=__doc__.split("\n\n")[1])
    ap.add_argument("mode", choices=("plan", "judge", "both"))
    ap.add_argument("--root", type=Path, default=Path("/tmp/dxc_corpus"))
    ap.add_argument("--model", default="5_0", choices=("4_0", "4_1", "5_0", "5_1"))
    ap.add_argument("--plans", type=Path, default=None, help="the plan JSON (written by plan, read by judge)")
    ap.add_argument("--out", type=Path, default=None, help="judge: the judged plans' JSON")
    ap.add_argument("-j", type=int, default=1)
    ap.add_argument("-v", action="store_true")
    ap.add_argument("files", nargs="*")
    a = ap.parse_intermixed_args(argv)
    plans_path = a.plans or Path(f"/tmp/dxc_sema_lines_{a.model}.json")
    if a.mode in ("plan", "both"):
        from pyd3d11.tools.wine_d3dcompiler import WineD3DCompiler

        files = [f for f in sema_files(a.root) if not a.files or any(f.endswith(x) for x in a.files)]
        plans = []
        with WineD3DCompiler(timeout_s=20.0) as real:
            for rel in files:
                plans.append(plan_file(real, a.root, rel, a.model))
                if a.v:
                    print(f"{rel}: {len(plans[-1].programs)} programs {plans[-1].skip}", flush=True)
        plans_path.write_text(json.dumps([asdict(p) for p in plans]))
    if a.mode in ("judge", "both"):
        raw = json.loads(plans_path.read_text())
        work = [(str(a.root), d) for d in raw]
        if a.j > 1:
            import multiprocessing as mp

            with mp.get_context("fork").Pool(a.j, maxtasksperchild=20) as pool:
                judged = pool.map(_judge_one, work, chunksize=1)
        else:
            judged = [_judge_one(w) for w in work]
        out = a.out or plans_path.with_suffix(".judged.json")
        out.write_text(json.dumps(judged))
        plans = load_plans(out)
        for k, v in sorted(tally(plans).items()):
            print(f"{v:6d}  {k}")
    return 0


if __name__ == "__main__":
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    sys.exit(main(sys.argv[1:]))
