"""Shared by the tests that hold d3dcompiler_47 10.1's recorded answers (session 35; the mutant tables' verdict and
live re-check, session 40)."""

import re

import pytest

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler
from pyd3d11.tools.shader_test_mutants import _first_error as mutant_first_error


def first_error(src: str, target: str, flags: int = 0) -> str:
    """Our compile's first error number ('X####'), '-' for an error without one, 'ok' where it compiles."""
    try:
        dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, flags, 0)
    except D3D11Error as e:
        return (re.findall(r"X\d{4}", str(e)) or ["-"])[0]
    return "ok"


def mutant_verdict(src: str, target: str, flags: int, encoding: str = "utf-8", entry: str | None = "main") -> str:
    """The mutant tables' column (tools/shader_test_mutants): our first error number, warnings skipped, or "ok".
    ``encoding``: how the source's characters become the bytes compiled ("latin-1": one byte per character, the
    bytes WineD3DCompiler hands the DLL for a str); ``entry``: None for a library target (NULL)."""
    data = src.encode(encoding)
    try:
        dc.D3DCompile(data, len(data), None, None, None, entry, target, flags, 0)
    except D3D11Error as exc:
        return mutant_first_error(str(exc))
    return "ok"


def _plain(row):
    return tuple(row.values) if hasattr(row, "values") else row


def dll_verdict(result, no_number: str = "-") -> str:
    """A WineD3DCompiler result as the tables record it: "ok", fxc's first error number (warnings skipped), or
    ``no_number`` for an error without one (some tables of sessions 36-40 write "fail" there)."""
    if result.ok:
        return "ok"
    got = mutant_first_error(result.messages)
    return no_number if got == "-" else got


def live_mismatches(rows, no_number: str = "-", verdict=None, name: str | None = None) -> list[str]:
    """The (source, target, flags, expected) rows -- pytest.param rows too -- whose expected verdict is not what
    the DLL answers today (``verdict``: a table's own reading of a result, instead of :func:`dll_verdict`)."""
    real = wine_d3dcompiler.shared()
    bad = []
    for src, target, flags, expected in map(_plain, rows):
        r = real.compile(src, target, "main", flags1=flags, name=name)
        got = verdict(r) if verdict is not None else dll_verdict(r, no_number)
        if got != expected:
            bad.append(f"{target} {src!r}: recorded {expected}, DLL {got}")
    return bad


def check_live_table(rows, no_number: str = "-", verdict=None, name: str | None = None) -> None:
    """Every (source, target, flags, expected) row -- pytest.param rows too -- is what the DLL answers today."""
    bad = live_mismatches(rows, no_number, verdict, name)
    assert not bad, "\n".join(bad)


def named_params(rows, recorded: dict[str, str], known: frozenset[str] | set[str], flags: bool = True) -> list:
    """The pytest params of a table of named programs -- ``rows`` as (name, target, source[, Flags1]), ``recorded``
    the DLL's verdict per name -- with the ``known`` names as strict xfails: (source, target, [Flags1,] expected) per
    row (``flags``: whether the test takes a flags column, the row's Flags1 or 0)."""
    out = []
    for name, target, src, *rest in rows:
        marks = [pytest.mark.xfail(strict=True, reason="known difference")] if name in known else []
        values = (src, target, rest[0] if rest else 0) if flags else (src, target)
        out.append(pytest.param(*values, recorded.get(name, "?"), id=name, marks=marks))
    return out


def message_places(messages: str, folder: str | None = None) -> tuple[tuple[str, str, str], ...]:
    """Each message of a blob as (file, line, number) -- the number ``warning X####`` for a warning, ``-`` for
    ``#error``'s numberless one; ``("", "", number)`` for a message printed with no place -- the ``folder`` written
    ``<DIR>``, its separators as Windows writes them (the tables of session 48 record the DLL's so)."""
    if folder:
        messages = messages.replace(wine_d3dcompiler.windows_path(folder), "<DIR>").replace(folder, "<DIR>")
    out = []
    for ln in messages.replace("/", "\\").splitlines():
        m = re.match(r"(.*?)\((\d+),[\d-]+\): (error|warning) (X\d+)", ln)
        if m:
            out.append((m.group(1), m.group(2), ("warning " if m.group(3) == "warning" else "") + m.group(4)))
            continue
        m = re.match(r"(.*?)\((\d+),[\d-]+\): error:", ln)
        if m:
            out.append((m.group(1), m.group(2), "-"))
            continue
        m = re.match(r"(error|warning) (X\d+)", ln)
        if m:
            out.append(("", "", ("warning " if m.group(1) == "warning" else "") + m.group(2)))
        elif ln.startswith("error:"):
            out.append(("", "", "-"))
    return tuple(out)


def message_lines(messages: str, folder: str | None = None, upto_error: bool = False) -> tuple[str, ...]:
    """A message blob as its lines in order, each placed message reduced to ``file(line): error X####`` (``warning
    X####``, ``error`` alone for ``#error``'s) and a bare one to ``error X####``, any other line (a ``#pragma
    message`` text) kept as written: the order and the texts fxc prints, not its columns (session 49). The
    ``folder`` is written ``<DIR>``, its separators as Windows writes them; ``upto_error``: up to the first error."""
    if folder:
        messages = messages.replace(wine_d3dcompiler.windows_path(folder), "<DIR>").replace(folder, "<DIR>")
    out: list[str] = []
    for ln in messages.split("\n")[:-1] if messages.endswith("\n") else messages.split("\n") if messages else []:
        m = re.match(r"(.*?)\((\d+),[\d-]+\): (error|warning)( X\d+)?", ln)
        bare = re.match(r"(error|warning)( X\d+)", ln)
        if m:
            out.append(f"{m.group(1).replace('/', chr(92))}({m.group(2)}): {m.group(3)}{m.group(4) or ''}")
        elif bare:
            out.append(bare.group(0))
        else:
            out.append(ln)
        if upto_error and (m or bare) and (m or bare).group(1 if bare else 3) == "error":
            break
    return tuple(out)


# --- run-time words (the value tables, session 48) ---------------------------------------------------------------

#: the constant buffer of a value program: four floats optdiff fills from its seed
VALUE_CBUFFER = "cbuffer C : register(b0) { float4 a; };"


def store_source(bodies: list[str], pre: str = "", elem: str = "float") -> str:
    """A cs_5_0 program whose block ``i`` is ``bodies[i]`` storing ``u[0]`` (renamed ``u[i]``) into a
    ``RWStructuredBuffer<elem>``, after the text ``pre`` (48 blocks at most: the executor's buffer holds 48
    elements) -- the layout of the value tables of sessions 43-48."""
    blocks = "\n".join("    { " + b.replace("u[0]", f"u[{i}]") + " }" for i, b in enumerate(bodies))
    return f"RWStructuredBuffer<{elem}> u : register(u0);\n{pre}\n[numthreads(1, 1, 1)] void main()\n{{\n{blocks}\n}}\n"


def value_source(bodies: list[str], pre: str = "") -> str:
    """:func:`store_source` of float words after ``pre`` and :data:`VALUE_CBUFFER` (sessions 46-48's tables)."""
    return store_source(bodies, pre + VALUE_CBUFFER)


def run_words(blob: bytes, n: int, seed: int = 0) -> list[int]:
    """The first ``n`` words the object ``blob`` of :func:`value_source` stores, run on the reference executor with
    optdiff's constant buffer of ``seed``."""
    import numpy as np

    from pyd3d11.tools import optdiff
    from pyd3d11.tools.fxc_oracle import _reference_backend

    with _reference_backend():
        res = optdiff._run_all([blob], 4, seed, 1, False)[0]
    return [int(w) for w in np.asarray(res["UAV#0 word"]).ravel().view(np.uint32)[:n]]


def our_words(bodies: list[str], pre: str = "", flags: int = 0, seed: int = 0) -> list[int]:
    """The words our compile of :func:`value_source` stores."""
    from pyd3d11.tools import optdiff

    src = value_source(bodies, pre).encode()
    return run_words(optdiff._compile(src, "values.hlsl", "main", "cs_5_0", None, None, flags, True), len(bodies), seed)


def same_word(a: int, b: int) -> bool:
    """Two stored float words agree: equal, or both NaN (D3D11 leaves a NaN's sign and payload open)."""
    def nan(w: int) -> bool:
        return (w & 0x7F800000) == 0x7F800000 and bool(w & 0x7FFFFF)

    return a == b or (nan(a) and nan(b))


#: the words of a value table row: (text before the entry point, body storing u[0], flags, fxc's word)
ValueRow = tuple[str, str, int, int]
VALUE_CHUNK = 48  # stores per program (the executor's structured buffer holds 48 elements)


def row_groups(rows: list[ValueRow], alone=lambda r: False) -> list[list[ValueRow]]:
    """The rows in programs of up to VALUE_CHUNK stores, one text before the entry point and one flag set each; a
    row ``alone`` picks (a body that writes another element than ``u[0]``) in a program of its own."""
    out: list[list[ValueRow]] = []
    for key in sorted({(p, f) for p, _, f, _ in rows}):
        same = [r for r in rows if (r[0], r[2]) == key]
        single = [r for r in same if alone(r)]
        same = [r for r in same if not alone(r)]
        out += [same[i:i + VALUE_CHUNK] for i in range(0, len(same), VALUE_CHUNK)] + [[r] for r in single]
    return out


def group_mismatches(rows: list[ValueRow], name: str, cb: str = "", seed: int = 0,
                     not_built=()) -> tuple[list, list]:
    """Compile one group (:func:`row_groups`) with this compiler after ``cb`` and run it: (the rows whose word is
    not fxc's, the ``not_built`` (pre, body) rows that now agree)."""
    from pyd3d11.tools import optdiff

    pre, flags = rows[0][0], rows[0][2]
    blob = optdiff._compile(store_source([b for _, b, _, _ in rows], pre + cb).encode(), name, "main", "cs_5_0",
                            None, None, flags, True)
    got = run_words(blob, len(rows), seed)
    bad = [(p, b, f, f"{g:08x}", f"{w:08x}") for (p, b, f, w), g in zip(rows, got, strict=True)
           if not same_word(g, w) and (p, b) not in not_built]
    met = [b for (p, b, _, w), g in zip(rows, got, strict=True) if same_word(g, w) and (p, b) in not_built]
    return bad, met


def include_tree(tmp_path_factory, name: str, files: dict[str, str]) -> str:
    """A fresh folder holding ``files`` (relative path -> text, written as latin-1 bytes) under ``src/``: the
    include trees of the preprocessor tables (sessions 44-48)."""
    root = tmp_path_factory.mktemp(name)
    for rel, body in files.items():
        path = root / "src" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body.encode("latin-1"))
    return str(root)


def gap_params(rows, gaps: dict[str, str]) -> list:
    """(source, target, expected) rows as pytest params, a row whose source holds a key of ``gaps`` a strict xfail
    with that key's reason (a rule recorded and not built)."""
    out = []
    for k, (src, target, want) in enumerate(rows):
        why = next((r for key, r in gaps.items() if key in src), None)
        marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
        out.append(pytest.param(src, target, want, id=f"{k}-{target}", marks=marks))
    return out


def sectioned_params(data: dict, tables: tuple[str, ...], gaps: tuple[str, ...] = ()) -> list:
    """(source, target, flags, expected) params of the named sections of a recorded table (``data[name]`` lists of
    rows), the ``gaps`` sections strict xfails (recorded, not built) -- the D3D9 tables of sessions 46-48."""
    out = []
    for names, gap in ((tables, False), (gaps, True)):
        for table in names:
            for k, (src, target, flags, want) in enumerate(data[table]):
                marks = [pytest.mark.xfail(strict=True, reason="not built (module docstring)")] if gap else []
                out.append(pytest.param(src, target, flags, want, id=f"{table}-{k}-{target}", marks=marks))
    return out
