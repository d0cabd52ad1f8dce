"""``python -m pyd3d11.tools.shader_runner FILES... [--json] [--sm 4|5|both]``

Runs vkd3d ``.shader_test`` files (../shared/conformance/shader-tests/FORMAT.md) as the D3D11 runner
does, through pyd3d11's public API:

- execution passes: minimum shader model 4.0 (runner range 4.0–5.0, as vkd3d's d3d11 runner) and
  minimum 5.0 (range 5.0–5.0); each ``[test]`` block passes, fails (with the reason) or is skipped
  (requirements, missing caps, or an expected compile failure of the last shader section);
- compile-only expectations: every HLSL shader section is compiled at 2.0, 3.0, 4.0, 4.1, 5.0 and 5.1 where
  its ``[require]`` allows (hull and domain shaders from 5.0) and the HRESULT compared with the header's ``fail``/``notimpl`` qualifiers;
  ``[preproc]`` / ``[preproc fail]`` blocks are run through D3DPreprocess.

Output: one line per file, summary lines, and last ``N passed, N failed, N skipped`` over test blocks.
An exception inside one block fails that block only; the run always completes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pyd3d11.errors import E_FAIL, E_NOTIMPL, S_OK

from .shader_test_exec import D3D11Harness, StepFailed, compile_hlsl, preprocess
from .shader_test_format import (
    Model,
    ParsedSection,
    Requirements,
    ShaderTestSyntaxError,
    model_range,
    model_str,
    parse_file_text,
)

#: (runner minimum, runner maximum) of the two execution passes.
PASSES: dict[str, tuple[Model, Model]] = {"4": ((4, 0), (5, 0)), "5": ((5, 0), (5, 0))}
#: every model d3dcompiler_47 compiles HLSL for: the compile-only expectations are checked at each one the block's
#: [require] allows (FORMAT.md's compile-only mode compiles the minimum, both sides of each model where the
#: expected HRESULT changes and a representative of SM1-3 and SM4-5.1; checking all of 2.0-5.1 covers those)
COMPILE_MODELS: tuple[Model, ...] = ((2, 0), (3, 0), (4, 0), (4, 1), (5, 0), (5, 1))
_HR_NAMES = {S_OK: "S_OK", E_FAIL: "E_FAIL", E_NOTIMPL: "E_NOTIMPL"}


#: the effect target compiled for an ``[effect]`` section at each model: d3dcompiler_47's legacy effect targets
#: are fx_2_0, fx_4_0, fx_4_1 and fx_5_0 (MicrosoftDocs direct3dhlsl "Specifying Compiler Targets", "Legacy
#: Effects"; there is no fx_3_0 or fx_5_1), so a model takes the highest of them not above it. The records agree:
#: effect files that [require] "shader model >= 4.0 / 5.0, < 6.0" run at 5.1 and expect 5.0's verdicts there.
EFFECT_PROFILES: dict[Model, str] = {(2, 0): "fx_2_0", (3, 0): "fx_2_0", (4, 0): "fx_4_0", (4, 1): "fx_4_1",
                                     (5, 0): "fx_5_0", (5, 1): "fx_5_0"}


def compile_profile(stage: str, model: Model) -> str:
    """The D3DCompile target for a ``stage`` section (``vs``/``ps``/…/``fx``) compiled at ``model``."""
    if stage == "fx":
        return EFFECT_PROFILES[model]
    return f"{stage}_{model[0]}_{model[1]}"


def hr_name(hr: int | None) -> str:
    if hr is None:
        return "crash"
    return _HR_NAMES.get(hr, f"0x{hr & 0xFFFFFFFF:08x}")


# ---------------------------------------------------------------------------------------------------
# results

@dataclass
class DirectiveResult:
    line: int
    text: str
    status: str  # ok | failed | skipped
    detail: str = ""
    todo: bool = False


@dataclass
class BlockResult:
    line: int
    status: str  # passed | failed | skipped
    reason: str = ""
    directives: list[DirectiveResult] = field(default_factory=list)


@dataclass
class CompileCheck:
    line: int
    stage: str
    model: str
    expected: str
    got: str
    agree: bool
    message: str = ""


@dataclass
class FileResult:
    path: str
    passes: dict[str, list[BlockResult]] = field(default_factory=dict)
    compile_checks: list[CompileCheck] = field(default_factory=list)
    preproc_checks: list[CompileCheck] = field(default_factory=list)
    error: str = ""
    seconds: float = 0.0

    def count(self, pass_name: str, status: str) -> int:
        return sum(1 for b in self.passes.get(pass_name, []) if b.status == status)


# ---------------------------------------------------------------------------------------------------
# per-block timeout

class BlockTimeout(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """SIGALRM-based limit (main thread on POSIX only; elsewhere no limit)."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise BlockTimeout(f"time limit of {seconds:g} s exceeded")

    try:
        old = signal.signal(signal.SIGALRM, on_alarm)
    except ValueError:  # not the main thread
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# ---------------------------------------------------------------------------------------------------
# execution pass

def _caps_missing(h: D3D11Harness, req: Requirements) -> list[str]:
    missing = [c for c in sorted(req.caps) if not h.has_cap(c)]
    missing += [f"format {f} uav-load" for f in req.uav_load_formats if not h.has_uav_load(f)]
    return missing


def _run_directives(h: D3D11Harness, ps: ParsedSection, block: BlockResult) -> None:
    st = h.state
    sm = h.model
    for d in ps.directives or []:
        if not d.enabled(sm):
            continue
        res = DirectiveResult(d.line, d.text, "ok", todo=d.todo(sm))
        block.directives.append(res)
        try:
            if d.op == "uniform":
                st.uniforms.write(d.args["offset"], d.args["words"])
            elif d.op in ("draw", "draw_quad", "dispatch"):
                try:
                    if d.op == "draw_quad":
                        h.draw_quad()
                    elif d.op == "draw":
                        h.draw(d.args["topology"], d.args["vertices"], d.args["instances"])
                    else:
                        h.dispatch(*d.args["groups"])
                    st.last_render_failed = False
                except BlockTimeout:
                    raise
                except Exception:
                    st.last_render_failed = True
                    raise
                msgs = h.take_messages()
                if msgs:
                    res.detail = "debug layer: " + " | ".join(msgs[:3])
            elif d.op == "probe":
                if st.last_render_failed:
                    res.status, res.detail = "skipped", "the last draw/dispatch failed"
                    continue
                ok, detail = h.probe(d.args["probe"])
                res.status, res.detail = ("ok" if ok else "failed"), detail
            elif d.op == "clear_rtv":
                h.clear_rtv(d.args["slot"], d.args["color"])
            elif d.op == "clear_dsv":
                h.clear_dsv(d.args["depth"])
            elif d.op == "copy":
                h.copy(d.args["src"], d.args["dst"])
            elif d.op == "depth":
                st.depth_func = d.args["func"]
            elif d.op == "sample_mask":
                st.sample_mask = d.args["mask"]
            elif d.op == "viewport":
                st.viewports[d.args["index"]] = d.args["rect"]
            else:
                raise StepFailed(f"'{d.args.get('name', d.op)}' is D3D9/D3D12 state, not D3D11")
        except BlockTimeout:
            raise
        except StepFailed as e:
            res.status, res.detail = "failed", str(e)
        except Exception as e:
            res.status, res.detail = "failed", f"{type(e).__name__}: {e}"[:400]
    failed = [r for r in block.directives if r.status == "failed"]
    if failed:
        block.status = "failed"
        f = failed[0]
        block.reason = f"line {f.line}: {f.text}: {f.detail}"


def run_pass(sections: list[ParsedSection], runner_min: Model, runner_max: Model,
             timeout: float = 0.0, after_block: Any = None) -> list[BlockResult]:
    """One execution pass over a parsed file (FORMAT.md §1.4). ``after_block(harness, block)``, when given,
    is called after each [test] block that ran (tools/corpus_diff.py snapshots the resources there)."""
    h = D3D11Harness(runner_min)
    blocks: list[BlockResult] = []
    try:
        req = Requirements()
        model, valid = model_range(req, runner_min, runner_max)
        missing: list[str] = []
        expect_fail = False
        h.model = model
        for ps in sections:
            if ps.kind == "require":
                req = ps.require or Requirements()
                model, valid = model_range(req, runner_min, runner_max)
                h.model = model
                h.compile_options = req.compile_options
                missing = _caps_missing(h, req) if valid else []
                expect_fail = False
            elif ps.kind == "shader" and ps.shader is not None:
                h.state.shaders[ps.shader.stage] = (ps.shader, ps.source)
                expect_fail = ps.shader.expected_hr(model) != S_OK
            elif ps.kind == "resource" and ps.resource is not None:
                if valid and not missing:
                    h.set_resource(ps.resource)
            elif ps.kind == "sampler" and ps.sampler is not None:
                h.state.samplers[ps.sampler.slot] = ps.sampler
            elif ps.kind == "input_layout" and ps.layout is not None:
                h.state.input_layout = ps.layout
            elif ps.kind == "test":
                block = BlockResult(ps.section.line, "passed")
                blocks.append(block)
                if not valid:
                    block.status, block.reason = "skipped", "no shader model of the runner's range satisfies [require]"
                elif missing:
                    block.status, block.reason = "skipped", "missing capabilities: " + ", ".join(missing)
                elif expect_fail:
                    block.status, block.reason = "skipped", f"the last shader is expected to fail at {model_str(model)}"
                elif ps.error:
                    block.status, block.reason = "failed", ps.error
                else:
                    h.take_messages()
                    try:
                        with time_limit(timeout):
                            _run_directives(h, ps, block)
                    except BlockTimeout as e:
                        block.status, block.reason = "failed", str(e)
                    except Exception as e:  # never let one block stop the run
                        block.status, block.reason = "failed", f"{type(e).__name__}: {e}"[:400]
                    if after_block is not None:
                        after_block(h, block)
    finally:
        h.close()
    return blocks


# ---------------------------------------------------------------------------------------------------
# compile-only expectations

#: HRESULTs d3dcompiler_47 returns for some failed compiles that the C runner counts as E_FAIL
#: (tests/shader_runner.c map_special_hrs: D3DXERR_INVALIDDATA and the unnamed 0x80010064)
SPECIAL_HRS = frozenset({0x88760B59, 0x80010064})


def map_special_hr(hr: int | None) -> int | None:
    return E_FAIL if hr is not None and hr & 0xFFFFFFFF in SPECIAL_HRS else hr


def options_at(options: int, model: Model) -> int:
    """The C runner drops D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY at 5.1 and above (d3dcompiler_47 from
    10.0.17134 rejects it there with X3723)."""
    return options & ~0x1000 if model >= (5, 1) else options


def compile_checks(sections: list[ParsedSection], models: tuple[Model, ...] = COMPILE_MODELS,
                   timeout: float = 0.0) -> tuple[list[CompileCheck], list[CompileCheck]]:
    """HLSL shader sections compiled at each model of ``models`` their [require] allows; [preproc] blocks."""
    checks: list[CompileCheck] = []
    pre: list[CompileCheck] = []
    req = Requirements()
    for ps in sections:
        if ps.kind == "require":
            req = ps.require or Requirements()
        elif ps.kind in ("preproc", "preproc_fail"):
            if req.min_model > models[-1] or req.max_model_exclusive <= models[0]:
                continue
            want_fail = ps.kind == "preproc_fail"
            try:
                with time_limit(timeout):
                    hr, text, msg = preprocess(ps.source)
            except BlockTimeout as e:
                hr, text, msg = None, "", str(e)
            if want_fail:
                agree = hr is not None and hr != S_OK
            else:
                agree = hr == S_OK and "pass" in text and "fail" not in text
                if hr == S_OK and not agree:
                    msg = "output lacks 'pass' or contains 'fail'"
            pre.append(CompileCheck(ps.section.line, "preproc", "-", "E_FAIL" if want_fail else "S_OK",
                                    hr_name(hr), agree, msg))
        elif ps.kind == "shader" and ps.shader is not None and ps.shader.source_format == "hlsl":
            for m in models:
                if m < req.min_model or m >= req.max_model_exclusive:
                    continue
                stage = ps.shader.stage
                if stage in ("hs", "ds") and m < (5, 0):
                    continue  # the C runner skips: no such profile
                if m < (4, 0) and stage not in ("vs", "ps", "fx"):
                    continue  # the C runner skips (d3dcompiler's X3506 is D3DERR_INVALIDCALL there)
                expected = ps.shader.expected_hr(m)
                profile = compile_profile(stage, m)
                if ps.error:
                    checks.append(CompileCheck(ps.section.line, stage, model_str(m), hr_name(expected), "crash",
                                               False, ps.error))
                    continue
                try:
                    with time_limit(timeout):
                        r = compile_hlsl(ps.source, profile, options_at(req.compile_options, m))
                except BlockTimeout as e:
                    from .shader_test_exec import CompileResult

                    r = CompileResult(None, None, str(e))
                checks.append(CompileCheck(ps.section.line, stage, model_str(m), hr_name(expected), hr_name(r.hr),
                                           map_special_hr(r.hr) == expected, r.message))
    return checks, pre


# ---------------------------------------------------------------------------------------------------
# files

def run_file(path: str | Path, passes: tuple[str, ...] = ("4", "5"), compile_only: bool = False,
             check_compile: bool = True, timeout: float = 0.0) -> FileResult:
    """Run one .shader_test file; never raises."""
    t0 = time.perf_counter()
    fr = FileResult(str(path))
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        sections = parse_file_text(text)
    except (OSError, ShaderTestSyntaxError) as e:
        fr.error = f"{type(e).__name__}: {e}"
        return fr
    try:
        if check_compile or compile_only:
            fr.compile_checks, fr.preproc_checks = compile_checks(sections, timeout=timeout)
    except Exception as e:
        fr.error = f"compile checks: {type(e).__name__}: {e}"[:400]
    if not compile_only:
        for name in passes:
            lo, hi = PASSES[name]
            try:
                fr.passes[name] = run_pass(sections, lo, hi, timeout)
            except Exception as e:
                fr.error = f"pass {name}: {type(e).__name__}: {e}"[:400]
    fr.seconds = time.perf_counter() - t0
    return fr


def _run_file_job(args: tuple) -> FileResult:
    return run_file(*args)


def file_line(fr: FileResult, passes: tuple[str, ...]) -> str:
    parts = []
    for name in passes:
        if name in fr.passes:
            parts.append(f"sm{name}.0 {fr.count(name, 'passed')} passed, {fr.count(name, 'failed')} failed, "
                         f"{fr.count(name, 'skipped')} skipped")
    for m in COMPILE_MODELS:
        cs = [c for c in fr.compile_checks if c.model == model_str(m)]
        if cs:
            parts.append(f"compile {model_str(m)} {sum(c.agree for c in cs)}/{len(cs)}")
    if fr.preproc_checks:
        parts.append(f"preproc {sum(c.agree for c in fr.preproc_checks)}/{len(fr.preproc_checks)}")
    if fr.error:
        parts.append(f"error: {fr.error}")
    return f"{fr.path}: " + ("; ".join(parts) if parts else "nothing to run") + f" ({fr.seconds:.1f} s)"


def summary(results: list[FileResult], passes: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"passes": {}, "compile": {}, "preproc": {}}
    for name in passes:
        out["passes"][name] = {s: sum(fr.count(name, s) for fr in results) for s in ("passed", "failed", "skipped")}
    for m in COMPILE_MODELS:
        cs = [c for fr in results for c in fr.compile_checks if c.model == model_str(m)]
        out["compile"][model_str(m)] = {"agree": sum(c.agree for c in cs), "total": len(cs)}
    ps = [c for fr in results for c in fr.preproc_checks]
    out["preproc"] = {"agree": sum(c.agree for c in ps), "total": len(ps)}
    out["passed"] = sum(v["passed"] for v in out["passes"].values())
    out["failed"] = sum(v["failed"] for v in out["passes"].values())
    out["skipped"] = sum(v["skipped"] for v in out["passes"].values())
    return out


def collect_files(args: list[str]) -> list[Path]:
    files: list[Path] = []
    for a in args:
        p = Path(a)
        if p.is_dir():
            files.extend(sorted(p.rglob("*.shader_test")))
        else:
            files.append(p)
    return files


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.shader_runner",
                                 description="Run vkd3d .shader_test files through the pyd3d11 D3D11 API.")
    ap.add_argument("files", nargs="+", help=".shader_test files or folders (searched recursively)")
    ap.add_argument("--json", action="store_true", help="print per-block and per-probe detail as JSON")
    ap.add_argument("--sm", choices=("4", "5", "both"), default="both",
                    help="execution pass(es): minimum shader model 4.0, 5.0, or both (default)")
    ap.add_argument("--compile-only", action="store_true", help="only the compile / preprocess expectations")
    ap.add_argument("--no-compile-check", action="store_true", help="skip the compile-only expectations")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per [test] block or compile (0: none)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="files run in parallel processes")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the reason of every failed block")
    ap.add_argument("--backend", choices=("native", "reference"), default=None,
                    help="shader backend (default: PYD3D11_BACKEND / native where llvmlite imports); "
                         "tools/corpus_diff.py compares the two block by block")
    a = ap.parse_args(argv)
    if a.backend is not None:
        import os

        from pyd3d11.shader import native

        os.environ["PYD3D11_BACKEND"] = a.backend  # worker processes (-j) read it too
        native.set_backend(a.backend)
    passes = ("4", "5") if a.sm == "both" else (a.sm,)
    files = collect_files(a.files)
    jobs = [(f, passes, a.compile_only, not a.no_compile_check, a.timeout) for f in files]
    results: list[FileResult] = []
    if a.jobs > 1 and len(files) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(a.jobs) as ex:
            for fr in ex.map(_run_file_job, jobs):
                results.append(fr)
                if not a.json:
                    _print_file(fr, passes, a.verbose)
    else:
        for job in jobs:
            fr = _run_file_job(job)
            results.append(fr)
            if not a.json:
                _print_file(fr, passes, a.verbose)
    s = summary(results, passes)
    if a.json:
        json.dump({"summary": s, "files": [asdict(fr) for fr in results]}, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        for name in passes:
            v = s["passes"][name]
            print(f"pass sm{name}.0: {v['passed']} passed, {v['failed']} failed, {v['skipped']} skipped")
        for m, v in s["compile"].items():
            pct = 100.0 * v["agree"] / v["total"] if v["total"] else 0.0
            print(f"compile expectations at {m}: {v['agree']}/{v['total']} ({pct:.1f}%)")
        p = s["preproc"]
        if p["total"]:
            print(f"preprocessor expectations: {p['agree']}/{p['total']}")
        print(f"{s['passed']} passed, {s['failed']} failed, {s['skipped']} skipped")
    return 0 if s["failed"] == 0 else 1


def _print_file(fr: FileResult, passes: tuple[str, ...], verbose: bool) -> None:
    print(file_line(fr, passes), flush=True)
    if verbose:
        for name, blocks in fr.passes.items():
            for b in blocks:
                if b.status == "failed":
                    print(f"    sm{name}.0 [test] line {b.line}: {b.reason}")
        for c in fr.compile_checks:
            if not c.agree:
                print(f"    compile line {c.line} {c.stage}_{c.model}: expected {c.expected}, got {c.got}"
                      f"{': ' + c.message if c.message else ''}")


if __name__ == "__main__":
    sys.exit(main())
