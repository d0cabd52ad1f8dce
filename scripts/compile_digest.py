"""Same-output check for compiler speed work: a corpus of D3DCompile calls taken from the tests, and a digest of
each call's whole result (the object's bytes or the failure's HRESULT and message text, and the message blob).

    # 1. record the calls a pytest run makes (defines kept; calls with an include handler are not replayable)
    PYTHONPATH=src:tests python scripts/compile_digest.py record corpus.jsonl --limit 400 -- tests/test_x.py ...
    # 2. digest them with one tree, then with another, and compare
    PYTHONPATH=src:tests python scripts/compile_digest.py digest corpus.jsonl before.txt
    PYTHONPATH=src:tests python scripts/compile_digest.py digest corpus.jsonl after.txt
    python scripts/compile_digest.py compare before.txt after.txt
    python scripts/compile_digest.py per-file before.txt after.txt   # CPU per test file, before / after

``record`` replaces ``pyd3d11.shader.compile_api.D3DCompile`` before the tests import it (pyd3d11.d3dcompiler
re-exports it), so every table that compiles through the API is seen; ``--limit`` keeps the first N distinct calls
of each test file (later tests of a file that has its share are skipped: a recording run only). ``digest`` prints the total CPU time of the compiles as well (a compiler speed figure)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import sys
import time


def _key(src: bytes, name, entry, target, flags1, flags2, defines) -> str:
    return hashlib.sha256(repr((src, name, entry, target, flags1, flags2, defines)).encode()).hexdigest()


def _plain_defines(defines):
    """A defines argument as a JSON list of [name, value] pairs, or False where it cannot be replayed."""
    if defines is None:
        return None
    try:
        out = []
        for d in defines:
            if d is None:
                break
            name, value = (d.Name, d.Definition) if hasattr(d, "Name") else d
            if name is None:
                break
            conv = [x.decode("latin-1") if isinstance(x, bytes) else x for x in (name, value)]
            if not all(x is None or isinstance(x, str) for x in conv):
                return False
            out.append(conv)
        return out
    except Exception:  # noqa: BLE001 (any other shape: not replayed)
        return False


def record(out_path: str, limit: int, pytest_args: list[str]) -> int:
    import pytest

    import pyd3d11.shader.compile_api as api

    real = api.D3DCompile
    seen: set[str] = set()
    per_file: dict[str, int] = {}
    out = open(out_path, "a", encoding="utf-8")

    def recording(pSrcData, SrcDataSize, pSourceName, pDefines, pInclude, pEntrypoint, pTarget,  # noqa: N803
                  Flags1=0, Flags2=0, ppErrorMsgs=None):  # noqa: N803
        test = os.environ.get("PYTEST_CURRENT_TEST", "?").split("::")[0]
        try:
            defines = _plain_defines(pDefines)
            src = pSrcData if isinstance(pSrcData, bytes) else (
                pSrcData.encode("latin-1") if isinstance(pSrcData, str) else bytes(pSrcData))
            if SrcDataSize is not None:
                src = src[:SrcDataSize]
            if pInclude is None and defines is not False and isinstance(pTarget, str) and \
                    (pEntrypoint is None or isinstance(pEntrypoint, str)) and per_file.get(test, 0) < limit:
                args = (src, pSourceName, pEntrypoint, pTarget, int(Flags1 or 0), int(Flags2 or 0), defines)
                k = _key(*args)
                if k not in seen:
                    seen.add(k)
                    per_file[test] = per_file.get(test, 0) + 1
                    out.write(json.dumps({"test": test, "src": base64.b64encode(src).decode(), "name": pSourceName,
                                          "entry": pEntrypoint, "target": pTarget, "flags1": args[4],
                                          "flags2": args[5], "defines": defines}) + "\n")
                    out.flush()
        except Exception:  # noqa: BLE001 (recording never changes the test's outcome)
            pass
        if per_file.get(test, 0) >= limit:
            pytest.skip("compile_digest: this file's share of the corpus is recorded")  # (the recording run only)
        return real(pSrcData, SrcDataSize, pSourceName, pDefines, pInclude, pEntrypoint, pTarget, Flags1, Flags2,
                    ppErrorMsgs)

    api.D3DCompile = recording
    try:
        return pytest.main(pytest_args)
    finally:
        out.close()
        print(f"recorded {len(seen)} calls from {len(per_file)} files", file=sys.stderr)


def _result(row: dict) -> str:
    from pyd3d11.shader.compile_api import D3DCompile

    src = base64.b64decode(row["src"])
    msgs: list = []
    defines = None if row["defines"] is None else [tuple(d) for d in row["defines"]] + [(None, None)]
    try:
        blob = D3DCompile(src, len(src), row["name"], defines, None, row["entry"], row["target"], row["flags1"],
                          row["flags2"], msgs)
        res = b"ok\0" + bytes(blob.GetBufferPointer())
    except Exception as exc:  # noqa: BLE001 (the failure is part of the result)
        hr = getattr(exc, "hresult", None)
        res = f"fail\0{type(exc).__name__}\0{hr}\0{getattr(exc, 'errors', '')}\0{exc}".encode()
    for m in msgs:
        res += b"\0msg\0" + bytes(m.GetBufferPointer())
    return hashlib.sha256(res).hexdigest()


def digest(corpus: str, out_path: str) -> int:
    rows = [json.loads(line) for line in open(corpus, encoding="utf-8")]
    t0 = time.process_time()
    with open(out_path, "w", encoding="utf-8") as out:
        for row in rows:
            k = _key(base64.b64decode(row["src"]), row["name"], row["entry"], row["target"], row["flags1"],
                     row["flags2"], row["defines"])
            t = time.process_time()
            res = _result(row)
            out.write(f"{k} {res} {row['test']} {1000 * (time.process_time() - t):.1f}\n")
    print(f"{len(rows)} compiles, {time.process_time() - t0:.1f} s CPU", file=sys.stderr)
    return 0


def per_file(a: str, b: str) -> int:
    """CPU milliseconds per test file of two digests of one corpus (their fourth column), and the ratio."""
    def load(p):
        out: dict[str, float] = {}
        for line in open(p, encoding="utf-8"):
            parts = line.split()
            if len(parts) > 3:
                out[parts[2]] = out.get(parts[2], 0.0) + float(parts[3])
        return out

    da, db = load(a), load(b)
    for f in sorted(da, key=lambda f: -da[f]):
        if f in db:
            print(f"{da[f] / 1000:8.2f} {db[f] / 1000:8.2f} {db[f] / da[f]:6.3f}  {f}")
    ta, tb = sum(da.values()), sum(db.get(f, 0.0) for f in da)
    print(f"{ta / 1000:8.2f} {tb / 1000:8.2f} {tb / ta:6.3f}  (all)")
    return 0


def compare(a: str, b: str) -> int:
    def load(p):
        return {line.split()[0]: line.split() for line in open(p, encoding="utf-8")}

    da, db = load(a), load(b)
    bad = [k for k in da if k in db and da[k][1] != db[k][1]]
    for k in bad[:20]:
        print("differs:", k, da[k][2])
    print(f"{len(da)} / {len(db)} rows, {len(bad)} differ, {len(set(da) ^ set(db))} unmatched")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["record"]:
        rest = argv[2:]
        limit = 10 ** 9
        if rest[:1] == ["--limit"]:
            limit, rest = int(rest[1]), rest[2:]
        if rest[:1] == ["--"]:
            rest = rest[1:]
        return record(argv[1], limit, rest)
    if argv[:1] == ["digest"]:
        return digest(argv[1], argv[2])
    if argv[:1] == ["compare"]:
        return compare(argv[1], argv[2])
    if argv[:1] == ["per-file"]:
        return per_file(argv[1], argv[2])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
