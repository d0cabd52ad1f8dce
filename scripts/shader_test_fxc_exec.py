#!/usr/bin/env python3
"""The shared vkd3d ``[test]`` programs run with fxc's objects in place of ours (issue 15, session 37, helper MRUN).

Each ``.shader_test`` file with ``[test]`` blocks runs its two execution passes (tools/shader_runner.run_pass: SM
4.0-5.0 and 5.0) on the reference executor twice: once with this project's compiled objects, once with Microsoft's
d3dcompiler_47 objects of the same sources (tools/wine_d3dcompiler: needs Wine and ``$PYD3D11_D3DCOMPILER_DLL``).
Every probe's rectangle is compared bit for bit -- ``same``, ``nanbits`` (NaNs of other payloads), ``flushed``
(zeros / denormals of other signs), ``ulps`` (finite, one sign, within 16 ulps), ``diff`` -- and each run's verdict
against the file's expected values is kept, so a probe fxc's object fails and ours passes points at fxc differing
from the file, one both fail at the runner or the file.

``--mutants N`` instead runs value mutants of the shader sections the blocks use (N per section, sites chosen by a
hash of ``--salt``: a literal, a scalar type, a vector width, a swizzle, an intrinsic within its family, an operator
within its family, two operands swapped, a cast, a statement wrapped in ``if``/``for``/``do``, a loop or branch
attribute), each judged by the same probe comparison over the blocks after the mutated section; a mutant fxc
refuses is ``fxc-rejects`` / ``both-reject`` (verdicts are tools/shader_test_mutants.py's business), one only fxc
compiles ``nocompile``. fxc's answers are cached in ``--cache`` (a pickle) so a second run costs our side only.

    python scripts/shader_test_fxc_exec.py [--files GLOB] [--show]               # the executor check
    python scripts/shader_test_fxc_exec.py --mutants 2 --salt A --out a.jsonl    # value mutants (resumable)
    python scripts/shader_test_fxc_exec.py --mutants 2 --salt A --out b.jsonl --only a.jsonl   # the same set again
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import pickle
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

import pyd3d11.tools.shader_test_exec as X  # noqa: E402
from pyd3d11.tools import shader_runner as R  # noqa: E402
from pyd3d11.tools.shader_test_format import parse_file_text  # noqa: E402
from pyd3d11.tools.shader_test_mutants import _FAMILY_OF  # noqa: E402

CORPUS = REPO.parent / "shared" / "conformance" / "shader-tests" / "hlsl"
STAGES = ("vs", "ps", "gs", "cs", "hs", "ds")
SEVERITY = {"same": 0, "nanbits": 1, "flushed": 2, "ulps": 3, "diff": 4}


class FxcObjects:
    """fxc's compile of (source, profile, flags), through one Wine process, cached on disk."""

    def __init__(self, cache: Path) -> None:
        self.path = cache
        self.table: dict = pickle.loads(cache.read_bytes()) if cache.exists() else {}
        self.real = None
        self.dirty = 0

    def save(self) -> None:
        if self.dirty:
            self.path.with_suffix(".tmp").write_bytes(pickle.dumps(self.table))
            self.path.with_suffix(".tmp").replace(self.path)
            self.dirty = 0

    def compile(self, source: str, profile: str, flags: int) -> X.CompileResult:
        from pyd3d11.tools.wine_d3dcompiler import WineD3DCompiler

        key = hashlib.sha1(f"{profile}\0{flags}\0{source}".encode()).hexdigest()
        got = self.table.get(key)
        if got is None:
            if self.real is None:
                self.real = WineD3DCompiler()
            try:
                r = self.real.compile(source, profile, "main", flags1=flags)
                got = (r.hr, r.blob if r.ok else None, r.messages[:300])
            except Exception as e:  # the DLL crashed or timed out: start a fresh process
                got = (None, None, f"fxc failed: {e}"[:300])
                self.real.close()
                self.real = None
            self.table[key] = got
            self.dirty += 1
            if self.dirty > 20:
                self.save()
        hr, blob, msg = got
        return X.CompileResult(None if hr is None else (0 if hr < 0x80000000 else hr), blob, msg)


_PROBED: list[dict] = []
_ORIGINAL_PROBE = X.D3D11Harness.probe
_ORIGINAL_COMPILE = X.compile_hlsl


def _probe(self, p):
    """The harness's probe, keeping the probed rectangle's bytes."""
    entry: dict = {"bits": None, "kind": p.kind}
    _PROBED.append(entry)
    try:
        data, pitch, _w, _h = self.readback(p.resource, p.layer)
        es = (8 if p.kind in ("f64", "u64", "i64") else 4) * len(p.values)
        left, top, right, bottom = p.rect
        entry["bits"] = b"".join(bytes(data[y * pitch + left * es:y * pitch + right * es]) for y in range(top, bottom))
    except Exception as e:  # the probe itself reports the failure
        entry["error"] = str(e)
    return _ORIGINAL_PROBE(self, p)


def run_sections(sections: list, compile_fn, timeout: float = 60.0) -> list[dict]:
    """Every probe (and failed step) of both passes: dicts of pass, block, line, text, status, detail, bits, kind."""
    X.D3D11Harness.probe = _probe
    X.compile_hlsl = compile_fn
    out: list[dict] = []
    try:
        for name in ("4", "5"):
            lo, hi = R.PASSES[name]
            _PROBED.clear()
            try:
                blocks = R.run_pass(sections, lo, hi, timeout)
            except Exception as e:
                out.append({"pass": name, "block": 0, "line": 0, "status": "error", "detail": str(e)[:300]})
                continue
            taken = iter(_PROBED)
            for b in blocks:
                if b.status == "skipped":
                    continue
                for d in b.directives:
                    is_probe = d.text.lstrip().split(")", 1)[-1].lstrip().startswith("probe") or \
                        d.text.lstrip().startswith("probe")
                    rec = {"pass": name, "block": b.line, "line": d.line, "text": d.text, "status": d.status,
                           "detail": d.detail[:300], "bits": None, "kind": None}
                    if not is_probe:
                        if d.status == "failed":
                            rec["status"] = "stepfail"
                            out.append(rec)
                        continue
                    if d.status in ("ok", "failed"):
                        e = next(taken, {})
                        rec["bits"], rec["kind"] = e.get("bits"), e.get("kind")
                    out.append(rec)
    finally:
        X.D3D11Harness.probe = _ORIGINAL_PROBE
        X.compile_hlsl = _ORIGINAL_COMPILE
    return out


def bit_class(a: bytes | None, b: bytes | None, kind: str | None) -> str:
    if a == b:
        return "same"
    if a is None or b is None or len(a) != len(b) or kind != "f32":
        return "diff"
    x, y = np.frombuffer(a, np.uint32), np.frombuffer(b, np.uint32)
    m = x != y
    xf, yf = x[m].view(np.float32), y[m].view(np.float32)
    if np.all(np.isnan(xf) & np.isnan(yf)):
        return "nanbits"
    if np.all(((x[m] & 0x7F800000) == 0) & ((y[m] & 0x7F800000) == 0)):
        return "flushed"
    same_sign = (x[m] >> 31) == (y[m] >> 31)
    if np.all(np.isfinite(xf) & np.isfinite(yf) & same_sign) and np.all(
            np.abs(x[m].astype(np.int64) - y[m].astype(np.int64)) <= 16):
        return "ulps"
    return "diff"


def compare(ours: list[dict], fxc: list[dict], after_line: int = 0) -> tuple[str, Counter, list[str]]:
    """(worst class, class counts, notes) of the probes in blocks after ``after_line``."""
    ko = {(a["pass"], a["block"], a["line"]): a for a in ours if a.get("block", 0) > after_line}
    kx = {(a["pass"], a["block"], a["line"]): a for a in fxc if a.get("block", 0) > after_line}
    worst, counts, notes = "same", Counter(), []
    for k in sorted(ko.keys() | kx.keys(), key=str):
        a, b = ko.get(k), kx.get(k)
        if a is None or b is None:
            c = "diff"
        elif a["bits"] is None and b["bits"] is None:
            c = "same" if a["status"] == b["status"] else "diff"
        else:
            c = bit_class(a["bits"], b["bits"], a.get("kind"))
        counts[c] += 1
        if c != "same":
            notes.append(f"{k}: {(a or b)['text'][:50]} ours {(a or {}).get('status')} "
                         f"{((a or {}).get('bits') or b'').hex()[:64]} fxc {(b or {}).get('status')} "
                         f"{((b or {}).get('bits') or b'').hex()[:64]} {(b or {}).get('detail', '')[:80]}")
        if SEVERITY[c] > SEVERITY[worst]:
            worst = c
    return worst, counts, notes


# --- value mutants --------------------------------------------------------------------------------------------------
def _pick(key: str, items: list, n: int) -> list:
    if len(items) <= n:
        return list(items)
    ranked = sorted(range(len(items)), key=lambda i: hashlib.sha1(f"{key}/{i}".encode()).digest())
    return [items[i] for i in sorted(ranked[:n])]


_NUM = re.compile(r"(?<![\w.])(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?([fFhHuU]?)(?![\w.])")
_LITS = ("0", "1", "2", "3", "7", "0.5", "1.5", "-1", "-2.5", "0.1", "1e-3", "100.0", "65536", "3.75", "0.3333",
         "255", "16777217", "1e10", "-0.75", "4294967295u")
_TYPE = re.compile(r"\b(float|int|uint|half|min16float|min16int|min16uint|double)([1-4](?:x[1-4])?)?\b")
_TYPES = ("float", "int", "uint", "half", "min16float", "min16int", "min16uint")
_SWZ = re.compile(r"(?<=[\w)\]])\.([xyzw]{1,4}|[rgba]{1,4})\b")
_CALL = re.compile(r"\b(" + "|".join(sorted(_FAMILY_OF, key=len, reverse=True)) + r")(?=\s*\()")
_BIN = re.compile(r"(?<=[\w)\]])(\s*)(<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^<>])(\s*)(?=[\w(.])")
_OPFAM = {"+": "-*/", "-": "+*/", "*": "+-/", "/": "*-%", "%": "/*", "<": ["<=", ">", "=="], ">": [">=", "<", "!="],
          "<=": ["<", ">="], ">=": [">", "<="], "==": ["!=", "<"], "!=": ["==", ">"], "&": "|^", "|": "&^",
          "^": "&|", "<<": [">>"], ">>": ["<<"], "&&": ["||"], "||": ["&&"]}
_OPERAND = r"([A-Za-z_]\w*(?:\.[xyzwrgba]{1,4})?|\d+(?:\.\d*)?f?)"
_SWAP = re.compile(r"(?<![\w.)\]])" + _OPERAND + r"(\s*)([-/%<>]|<=|>=|<<|>>)(\s*)" + _OPERAND + r"(?![\w(\[.])")
_CAST_SITE = re.compile(r"(?<=[=(,?])(\s*)(?=[A-Za-z_(\d])")
_CASTS = ("(float)", "(int)", "(uint)", "(half)", "(min16float)", "(bool)", "(double)")
_STMT = re.compile(r"^([ \t]+)([^\n{}]*;)[ \t]*$", re.M)
_WRAPS = ("if (true) {{ {s} }}", "for (int i_w = 0; i_w < 2; ++i_w) {{ {s} }}",
          "[loop] for (uint i_w = 0; i_w < 1; i_w++) {{ {s} }}", "[unroll] for (int i_w = 0; i_w < 3; ++i_w) {{ {s} }}",
          "do {{ {s} }} while (false);", "[branch] if (1) {{ {s} }}", "[flatten] if (1) {{ {s} }} else {{ }}")
_ATTR = re.compile(r"\[(unroll(?:\(\d+\))?|loop|fastopt|branch|flatten)\]")
_LOOP = re.compile(r"(?m)^([ \t]*)(for|while|do)\b")
_IF = re.compile(r"(?m)^([ \t]*)(if)\b")
_WIDTHS = {"": ["2", "4"], "1": ["", "3"], "2": ["3", "4"], "3": ["2", "4"], "4": ["3", "2"]}


def _sub(src: str, a: int, b: int, text: str) -> str:
    return src[:a] + text + src[b:]


def value_mutants(src: str, key: str):  # noqa: C901 - one loop per mutation kind
    """(kind, mutated source) for every site of ``src``: the module docstring's kinds."""
    for m in _NUM.finditer(src):
        for lit in _pick(f"{key}/l{m.start()}", [x for x in _LITS if x != m.group(0)], 1):
            yield "literal", _sub(src, m.start(), m.end(), lit)
    for m in _TYPE.finditer(src):
        for t in _pick(f"{key}/t{m.start()}", [x for x in _TYPES if x != m.group(1)], 1):
            yield "type", _sub(src, m.start(1), m.end(1), t)
        w = m.group(2) or ""
        if "x" not in w:
            for nw in _pick(f"{key}/w{m.start()}", _WIDTHS.get(w, []), 1):
                yield "width", _sub(src, m.start(), m.end(), m.group(1) + nw)
    for m in _SWZ.finditer(src):
        s = m.group(1)
        alph = "xyzw" if s[0] in "xyzw" else "rgba"
        opts = sorted({"".join(alph[(alph.index(c) + k) % 4] for c in s) for k in (1, 2)}
                      | {s[::-1], s[0] * len(s), alph[:len(s)]} - {s})
        for ns in _pick(f"{key}/s{m.start()}", opts, 1):
            yield "swizzle", _sub(src, m.start(1), m.end(1), ns)
    for m in _CALL.finditer(src):
        for n in _pick(f"{key}/i{m.start()}", [x for x in _FAMILY_OF[m.group(1)] if x != m.group(1)], 2):
            yield "intrinsic", _sub(src, m.start(), m.end(), n)
    for m in _BIN.finditer(src):
        op = m.group(2)
        if op in "<>" and re.search(r"[A-Z]\w*\s*<[^;()]*$", src[max(0, m.start() - 40):m.end()]):
            continue  # a template's brackets
        for n in _pick(f"{key}/o{m.start()}", list(_OPFAM.get(op, [])), 1):
            yield "operator", _sub(src, m.start(2), m.end(2), n)
    for m in _SWAP.finditer(src):
        if m.group(1) not in ("return", "in", "out", "inout") and m.group(5) != "return":
            yield "swap", _sub(src, m.start(), m.end(), m.group(5) + m.group(2) + m.group(3) + m.group(4) + m.group(1))
    for m in _CAST_SITE.finditer(src):
        for c in _pick(f"{key}/c{m.start()}", list(_CASTS), 1):
            yield "cast", _sub(src, m.end(), m.end(), c)
    for m in _STMT.finditer(src):
        if not m.group(2).lstrip().startswith(("return", "break", "continue", "discard")):
            for w in _pick(f"{key}/r{m.start()}", list(_WRAPS), 1):
                yield "wrap", _sub(src, m.start(2), m.end(2), w.format(s=m.group(2)))
    for m in _ATTR.finditer(src):
        alts = ["unroll", "loop", "unroll(2)", "fastopt", ""] if m.group(1).startswith(("unroll", "loop", "fastopt")) \
            else ["branch", "flatten", ""]
        for a in _pick(f"{key}/a{m.start()}", [x for x in alts if x != m.group(1)], 2):
            yield "attribute", _sub(src, m.start(), m.end(), f"[{a}]" if a else "")
    for rx, alts, tag in ((_LOOP, ["[unroll]", "[loop]"], "L"), (_IF, ["[branch]", "[flatten]"], "I")):
        for m in rx.finditer(src):
            if not _ATTR.search(src[max(0, m.start() - 20):m.start()]):
                for a in _pick(f"{key}/{tag}{m.start()}", alts, 1):
                    yield "attribute", _sub(src, m.start(2), m.start(2), a + " ")


def seeds(files: list[Path]) -> list[tuple[str, list, int, int]]:
    """(file stem, sections, shader index, end) for each HLSL section a later [test] block runs (end: the next
    section of the same stage, where its blocks stop)."""
    out = []
    for f in files:
        try:
            secs = parse_file_text(f.read_text(errors="replace"))
        except Exception:
            continue
        for i, ps in enumerate(secs):
            if ps.kind != "shader" or ps.shader is None or ps.shader.source_format != "hlsl" \
                    or ps.shader.stage not in STAGES:
                continue
            end = next((j for j in range(i + 1, len(secs)) if secs[j].kind == "shader" and secs[j].shader is not None
                        and secs[j].shader.stage == ps.shader.stage), len(secs))
            if any(secs[j].kind == "test" for j in range(i + 1, end)):
                out.append((f.stem, secs, i, end))
    return out


def mutant_list(files: list[Path], per_seed: int, salt: str) -> list[tuple]:
    out = []
    for stem, secs, i, end in seeds(files):
        key = f"{salt}{stem}:{secs[i].section.line}"
        cands = list(value_mutants(secs[i].source, key))
        kinds: dict[str, list[str]] = {}
        for kind, s in cands:
            kinds.setdefault(kind, []).append(s)
        chosen = [(k, s) for k in sorted(kinds) for s in _pick(f"{key}/{k}", kinds[k], 1)]
        chosen += _pick(f"{key}/rest", [c for c in cands if c not in chosen], max(0, per_seed - len(chosen)))
        for kind, s in _pick(f"{key}/all", chosen, per_seed):
            out.append((stem, secs, i, end, kind, s))
    return out


def judge_mutant(fxc: FxcObjects, stem: str, secs: list, i: int, end: int, src: str) -> dict:
    mut = secs[:i] + [dataclasses.replace(secs[i], source=src)] + secs[i + 1:end]
    ours = run_sections(mut, _ORIGINAL_COMPILE, 20)
    theirs = run_sections(mut, fxc.compile, 20)
    line = secs[i].section.line

    def refused(recs: list[dict]) -> str | None:
        return next((r["detail"] for r in recs if r.get("block", 0) > line and "compiling" in (r.get("detail") or "")),
                    None)

    fr, orf = refused(theirs), refused(ours)
    if fr is not None:
        return {"class": "fxc-rejects" if orf is None else "both-reject"}
    if orf is not None:
        return {"class": "nocompile", "note": orf[:200]}
    worst, counts, notes = compare(ours, theirs, line)
    return {"class": worst, "probes": dict(counts), "notes": notes[:4]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--files", default="*.shader_test", help="glob inside the corpus")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/pyd3d11_fxc_exec_cache.pkl"))
    ap.add_argument("--mutants", type=int, default=0, help="value mutants per shader section (0: the executor check)")
    ap.add_argument("--salt", default="A")
    ap.add_argument("--limit", type=int, default=0, help="a hashed sample of this many mutants")
    ap.add_argument("--only", type=Path, help="only the mutants recorded in this JSON-lines file")
    ap.add_argument("--out", type=Path, help="JSON lines, one per file or mutant (resumed where present)")
    ap.add_argument("--show", action="store_true", help="print every probe or mutant that is not 'same'")
    a = ap.parse_args(argv)
    files = sorted(p for p in a.corpus.glob(a.files) if "[test]" in p.read_text(errors="replace"))
    fxc = FxcObjects(a.cache)
    done = {json.loads(ln)["id"]: json.loads(ln) for ln in a.out.read_text().splitlines()} if a.out and a.out.exists() else {}
    sink = a.out.open("a") if a.out else None
    classes: Counter = Counter()
    try:
        if not a.mutants:
            for f in files:
                rid = f.stem
                rec = done.get(rid)
                if rec is None:
                    secs = parse_file_text(f.read_text(errors="replace"))
                    worst, counts, notes = compare(run_sections(secs, _ORIGINAL_COMPILE),
                                                   run_sections(secs, fxc.compile))
                    rec = {"id": rid, "class": worst, "probes": dict(counts), "notes": notes}
                    fxc.save()
                    if sink:
                        sink.write(json.dumps(rec) + "\n")
                        sink.flush()
                classes.update(rec["probes"])
                if a.show and rec["notes"]:
                    print(f.stem, *rec["notes"], sep="\n  ")
            print("probes:", dict(classes))
            return 0
        muts = mutant_list(files, a.mutants, a.salt)
        if a.limit and a.limit < len(muts):
            muts = _pick(f"sample{a.salt}", muts, a.limit)
        keep = {json.loads(ln)["id"] for ln in a.only.read_text().splitlines()} if a.only else None
        for stem, secs, i, end, kind, src in muts:
            mid = hashlib.sha1(f"{stem}:{i}:{kind}:{src}".encode()).hexdigest()[:12]
            if keep is not None and mid not in keep:
                continue
            rec = done.get(mid)
            if rec is None:
                try:
                    rec = judge_mutant(fxc, stem, secs, i, end, src)
                except Exception as e:  # a harness failure is its own class
                    rec = {"class": "error", "note": str(e)[:200]}
                rec.update(id=mid, file=stem, line=secs[i].section.line, op=kind, src=src)
                fxc.save()
                if sink:
                    sink.write(json.dumps(rec, default=str) + "\n")
                    sink.flush()
            classes[rec["class"]] += 1
            if a.show and rec["class"] not in ("same", "fxc-rejects", "both-reject"):
                print(rec["id"], rec["file"], rec["line"], rec["op"], rec["class"], *(rec.get("notes") or [])[:2])
        print("mutants:", dict(classes))
        return 0
    finally:
        fxc.save()
        if sink:
            sink.close()


if __name__ == "__main__":
    sys.exit(main())
